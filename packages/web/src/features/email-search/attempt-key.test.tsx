/**
 * Issue 27 item 6 in the browser: the modal sends one `Idempotency-Key` per attempt-series — the same on
 * the reservation and the start, kept across a failed start and its retry, new once a search started or
 * the address changed.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../../test/account-fixtures.ts';
import { callsTo, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { attemptKey, attemptSucceeded } from './attempt-key.ts';
import { EmailSearchModal } from './email-search-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the attempt key', () => {
  it('is kept for one address until a search starts, and new for another address', () => {
    const first = attemptKey('Ada@Example.com');
    expect(attemptKey(' ada@example.com ')).toBe(first);
    const other = attemptKey('bob@example.com');
    expect(other).not.toBe(first);
    expect(attemptKey('ada@example.com')).not.toBe(first);
    const again = attemptKey('ada@example.com');
    attemptSucceeded();
    expect(attemptKey('ada@example.com')).not.toBe(again);
  });
});

describe('the email modal retrying a failed start', () => {
  it('sends the key of the first try with the retry, and a new one for the next search', async () => {
    let starts = 0;
    const fetch = stubApi({
      'GET /me/credits': { credits: 1, plan: 'free' },
      'POST /me/credits/decrement': { credits: 0 },
      'POST /api/email/searches': () =>
        ++starts === 1
          ? jsonAnswer(503, { detail: 'Email search is not ready yet', code: 'EMAIL_SEARCH_UNAVAILABLE' })
          : jsonAnswer(200, { search_id: `s${starts}` }),
      'GET /api/email/searches/s2': { status: 'running' },
    });
    const onStarted = vi.fn();
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    renderWithApp(<EmailSearchModal email="ada@example.com" onStarted={onStarted} onClose={() => {}} />);
    const use = await screen.findByRole('button', { name: 'Use My Credit' });
    await waitFor(() => expect((use as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(use);
    expect(await screen.findByText('Email search is not ready yet')).toBeTruthy();
    // The failed start returned the modal to the choice; the user tries again.
    fireEvent.click(await screen.findByRole('button', { name: 'Use My Credit' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalledWith('s2'));

    const reserve = callsTo(fetch, 'POST /me/credits/decrement');
    const start = callsTo(fetch, 'POST /api/email/searches');
    expect(start).toHaveLength(2);
    const keys = new Set([...reserve, ...start].map((c) => c.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^email-search-/);
    // That series ended with a search: the next one at the same address is a new attempt.
    expect(attemptKey('ada@example.com')).not.toBe([...keys][0]);
  });
});
