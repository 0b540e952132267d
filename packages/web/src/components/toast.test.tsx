import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { useToast } from './toast.tsx';
import { parseCodeMarker, TOAST_DURATION_MS, TOAST_EXIT_MS, toToastItem } from './toast-model.ts';

describe('toast model', () => {
  it('turns a [[CODE:x]] marker into a badge and removes it from the text', () => {
    expect(parseCodeMarker('Payment failed [[CODE:card_declined]] try again')).toEqual({
      message: 'Payment failed try again',
      code: 'card_declined',
    });
    expect(parseCodeMarker('No marker')).toEqual({ message: 'No marker' });
  });

  it('defaults to info for 5000 ms; subscription and global-error durations are the spec ones', () => {
    expect(toToastItem(1, { message: 'x' })).toMatchObject({ type: 'info', durationMs: 5000, leaving: false });
    expect(TOAST_DURATION_MS).toEqual({ default: 5000, subscription: 3000, globalError: 7000 });
    expect(TOAST_EXIT_MS).toBe(300);
  });
});

function Trigger({ run }: { run(toast: ReturnType<typeof useToast>): void }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => run(toast)}>
      fire
    </button>
  );
}

describe('ToastProvider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a titled error with its code badge, fades it out after 5 s and removes it 300 ms later', () => {
    renderWithApp(<Trigger run={(t) => t.error('Could not pay [[CODE:E42]]', 'Checkout failed')} />);
    fireEvent.click(screen.getByText('fire'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Checkout failed');
    expect(alert.textContent).toContain('Could not pay');
    expect(alert.textContent).toContain('E42');
    expect(alert.textContent).not.toContain('[[CODE');
    act(() => vi.advanceTimersByTime(4999));
    expect(alert.className).not.toContain('opacity-0');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('alert').className).toContain('opacity-0');
    act(() => vi.advanceTimersByTime(TOAST_EXIT_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the plain call for confirmations and honours a custom duration', () => {
    renderWithApp(
      <Trigger
        run={(t) => {
          t('URL copied');
          t.show({ type: 'success', message: 'Subscribed', durationMs: TOAST_DURATION_MS.subscription });
        }}
      />,
    );
    fireEvent.click(screen.getByText('fire'));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['URL copied', 'Subscribed']);
    act(() => vi.advanceTimersByTime(3000 + TOAST_EXIT_MS));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['URL copied']);
  });

  it('can be dismissed by hand', () => {
    renderWithApp(<Trigger run={(t) => t.warning('Careful')} />);
    fireEvent.click(screen.getByText('fire'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => vi.advanceTimersByTime(TOAST_EXIT_MS));
    expect(screen.queryByText('Careful')).toBeNull();
  });
});
