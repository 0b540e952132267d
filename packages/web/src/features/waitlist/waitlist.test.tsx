import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import ApiWaitlistModal, { CLOSE_AFTER_SUCCESS_MS } from './api-waitlist-modal.tsx';
import { SearchOptionsDialog } from './search-options-dialog.tsx';
import { subscribeOutcome } from './subscribe-outcome.ts';

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('subscribe outcome', () => {
  const base = { ok: true, status: 200, detail: null, retryAfter: null };
  it('maps the answers onto the spec notifications', () => {
    expect(subscribeOutcome({ ...base, body: { status: 'success', message: 'x' } })).toEqual({ kind: 'success' });
    expect(subscribeOutcome({ ...base, body: { status: 'error', message: 'Nope' } })).toEqual({
      kind: 'failed',
      message: 'Nope',
    });
    expect(subscribeOutcome({ ...base, status: 429, ok: false, body: { status: 'error', message: '' } })).toEqual({
      kind: 'failed',
      message: null,
    });
    expect(subscribeOutcome({ ...base, body: { status: 'maybe' } })).toEqual({ kind: 'unexpected' });
    expect(subscribeOutcome({ ...base, ok: false, status: 0, body: null })).toEqual({ kind: 'network' });
  });
});

describe('API waitlist modal', () => {
  it('validates before sending, then subscribes and closes a second after success', async () => {
    const fetch = vi.fn(() => answer(200, { status: 'success', message: 'You have been successfully subscribed' }));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    renderWithApp(<ApiWaitlistModal onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter your email address');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)!.textContent).toContain('Invalid Email'));
    expect(fetch).not.toHaveBeenCalled();

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'dev@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await vi.waitFor(() => expect(screen.getByText('You have been successfully subscribed')).toBeTruthy());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(CLOSE_AFTER_SUCCESS_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the server message on a refusal and the network message when offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(429, { status: 'error', message: 'Too many requests. Please try again later.' })),
    );
    renderWithApp(<ApiWaitlistModal onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'dev@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await screen.findByText('Too many requests. Please try again later.');
    expect(screen.getByText('Subscription Failed')).toBeTruthy();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    await screen.findByText('Please check your connection and try again');
  });
});

describe('search options', () => {
  it('offers Username, Email and API — open now, a link to its page (issue 40)', async () => {
    renderWithApp(<SearchOptionsDialog onClose={() => {}} />);
    expect(screen.getByRole('link', { name: /Username/ }).getAttribute('href')).toBe('/username-search');
    expect(screen.getByRole('link', { name: /Email/ }).getAttribute('href')).toBe('/email-search');
    expect(screen.getByRole('link', { name: /API.*Open/ }).getAttribute('href')).toBe('/api-access');
    expect(screen.queryByText('Coming Soon')).toBeNull();
  });
});
