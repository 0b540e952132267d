import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { GlobalErrorToasts } from './global-error-toasts.tsx';

function fire(event: Event) {
  act(() => {
    window.dispatchEvent(event);
  });
}

function rejection(reason: unknown): Event {
  const event = new Event('unhandledrejection', { cancelable: true });
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe('GlobalErrorToasts', () => {
  it('shows uncaught errors and unhandled rejections with the spec titles, in Turkish too', () => {
    renderWithApp(<GlobalErrorToasts />, { language: 'tr' });
    fire(new ErrorEvent('error', { error: new Error('boom'), message: 'boom', cancelable: true }));
    fire(rejection(undefined));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts[0]).toContain('Uygulama Hatası');
    expect(alerts[0]).toContain('boom');
    expect(alerts[1]).toContain('İşlenmemiş Hata');
    expect(alerts[1]).toContain('Bilinmeyen bir hata oluştu');
  });

  it('ignores errors raised by browser extensions', () => {
    renderWithApp(<GlobalErrorToasts />);
    const error = new Error('Extension context invalidated.');
    fire(new ErrorEvent('error', { error, message: error.message, cancelable: true }));
    fire(rejection(new Error('Attempting to use a disconnected port object')));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
