import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ErrorBoundary } from './error-boundary.tsx';

function Boom({ error }: { error: Error }): never {
  throw error;
}

/** Throws an extension's error until the boundary has warned about it, like a content script interfering once. */
function FlakyExtension() {
  if (vi.mocked(console.warn).mock.calls.length === 0) throw new Error('Extension context invalidated.');
  return <p>page content</p>;
}

describe('crash screen (spec 000 §2)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the title, text, collapsible technical details and a reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(
      <ErrorBoundary>
        <Boom error={new TypeError('x is undefined')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeTruthy();
    expect(screen.getByText(/Please refresh the page/)).toBeTruthy();
    const details = screen.getByText('Technical details').closest('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('TypeError: x is undefined');
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it('is in Turkish with the Turkish catalogue', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithApp(
      <ErrorBoundary>
        <Boom error={new Error('boom')} />
      </ErrorBoundary>,
      { language: 'tr' },
    );
    expect(screen.getByRole('heading', { name: 'Bir Hata Oluştu' })).toBeTruthy();
    const reload = screen.getByRole('button', { name: 'Sayfayı Yenile' });
    const spy = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload: spy });
    fireEvent.click(reload);
    expect(spy).toHaveBeenCalled();
  });

  it('ignores errors raised by browser extensions with a warning', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithApp(
      <ErrorBoundary>
        <FlakyExtension />
      </ErrorBoundary>,
    );
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.queryByText('Something Went Wrong')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('browser extension'), expect.any(Error));
  });
});
