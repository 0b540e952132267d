/**
 * Issue 38 items 5b, 5c, 5d and 5f in the web app: the plan buttons read the plan card's live source, a
 * credit pack is offered where credits run out and bought as a one-off payment, the dashboard explains the
 * balance with its history, and Settings moves the account to another address with a code.
 */

import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingEn } from '../../i18n/billing-en.ts';
import { creditsEn } from '../../i18n/credits-en.ts';
import { en } from '../../i18n/en.ts';
import { TEST_USER } from '../../test/account-fixtures.ts';
import { callsTo, PRICES, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { redirectTo } from '../billing/use-checkout.ts';
import DashboardHome from './dashboard-home.tsx';
import SettingsPage from './settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const entry = (id: number, over: object) => ({
  id,
  at: '2026-11-28T10:00:00.000Z',
  reason: null,
  reservation: null,
  search_id: null,
  ...over,
});

describe('the dashboard', () => {
  it('shows the plan buttons of the live plan, the one the plan card shows (5f)', async () => {
    // Signed in as free; the plan became trial on the server since (a payment's webhook).
    stubApi({ 'GET /me/credits': { credits: 3, plan: 'trial' } }, { user: { ...TEST_USER, plan: 'free' } });
    renderWithApp(<DashboardHome />, { path: '/dashboard' });
    await vi.waitFor(() => expect(screen.getByTestId('plan').textContent).toBe('Trial'));
    const actions = await screen.findByRole('list', { name: billingEn.actions.label });
    await vi.waitFor(() => expect(within(actions).getByRole('button').textContent).toMatch(/^Upgrade to Premium/));
    expect(within(actions).queryByRole('button', { name: /Start 7-day trial/ })).toBeNull();
  });

  it('offers a credit pack and buys it as a one-off payment (5b); no offer without a pack price', async () => {
    const fetch = stubApi({
      'GET /me/credits': { credits: 0, plan: 'free' },
      'POST /billing/checkout': { url: 'https://pay.example/cs_1' },
    });
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    renderWithApp(<DashboardHome />, { path: '/dashboard' });
    const buy = await screen.findByRole('button', { name: 'Buy 10 credits (£9.99)' });
    fireEvent.click(buy);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(callsTo(fetch, 'POST /billing/checkout')[0]!.body).toEqual({ price_id: PRICES.credits, mode: 'payment' });
  });

  it('has no pack button when the server sells none', async () => {
    stubApi({ 'GET /billing/prices': { ...PRICES, credits: null }, 'GET /me/credits': { credits: 0, plan: 'free' } });
    renderWithApp(<DashboardHome />, { path: '/dashboard' });
    await screen.findByRole('list', { name: billingEn.actions.label });
    expect(screen.queryByTestId('buy-credits')).toBeNull();
  });

  it('explains the balance: each change, a held credit, its return, and older entries on request (5c)', async () => {
    const first = [
      entry(5, { kind: 'expiry', delta: 1, balance_after: 3 }),
      entry(4, { kind: 'reserve', delta: -1, balance_after: 2, reservation: 'expired' }),
      entry(3, { kind: 'reserve', delta: -1, balance_after: 3, reservation: 'spent', search_id: 'es_1' }),
    ];
    const older = [entry(1, { kind: 'signup_grant', delta: 3, balance_after: 3 })];
    stubApi({
      'GET /me/credits': { credits: 3, plan: 'free' },
      'GET /me/credits/history': async (_init: RequestInit | undefined, url: string) =>
        new Response(JSON.stringify({ items: url.includes('skip=0') ? first : older, total: 4 }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    renderWithApp(<DashboardHome />, { path: '/dashboard' });
    const history = await screen.findByTestId('credit-history');
    await vi.waitFor(() => expect(within(history).getAllByTestId('credit-entry')).toHaveLength(3));
    const rows = within(history).getAllByTestId('credit-entry');
    expect(rows[0]!.textContent).toContain(creditsEn.kinds.expiry);
    expect(rows[0]!.textContent).toContain('+1');
    expect(rows[1]!.textContent).toContain(creditsEn.reserve.expired);
    expect(within(rows[2]!).getByRole('link', { name: creditsEn.reserve.spent }).getAttribute('href')).toBe(
      '/email-search/es_1',
    );
    fireEvent.click(within(history).getByRole('button', { name: creditsEn.more }));
    await vi.waitFor(() => expect(within(history).getAllByTestId('credit-entry')).toHaveLength(4));
    expect(within(history).queryByRole('button', { name: creditsEn.more })).toBeNull();
  });
});

describe('Settings: changing the address (5d)', () => {
  it('sends a code to the new address, then moves the account with it, in one flow', async () => {
    const moved = { ...TEST_USER, email: 'new@example.org' };
    const fetch = stubApi({
      'POST /me/email/change': { status: 'sent', message: 'sent', resend_after_seconds: 60 },
      'POST /me/email/verify': moved,
    });
    renderWithApp(<SettingsPage />, { path: '/dashboard/settings' });
    fireEvent.click(await screen.findByRole('button', { name: en.account.settings.changeEmail }));
    fireEvent.change(screen.getByLabelText(en.account.settings.newEmail), { target: { value: 'new@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: en.account.settings.sendCode }));
    const code = await screen.findByLabelText(en.account.code.label);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: en.account.code.verify }));
    await vi.waitFor(() => expect(screen.queryByTestId('email-change')).toBeNull());
    const [asked] = callsTo(fetch, 'POST /me/email/change');
    const [verified] = callsTo(fetch, 'POST /me/email/verify');
    expect(asked!.body).toMatchObject({ email: 'new@example.org' });
    expect(verified!.body).toMatchObject({ email: 'new@example.org', code: '123456' });
    // One flow: the code's request and the verify carry the same id.
    expect(asked!.body.request_id).toMatch(/^[0-9a-f]{32}$/);
    expect(verified!.body.request_id).toBe(asked!.body.request_id);
  });

  it('says why a code is refused and changes nothing', async () => {
    stubApi({
      'POST /me/email/change': { status: 'sent', message: 'sent', resend_after_seconds: 60 },
      'POST /me/email/verify': async () =>
        new Response(JSON.stringify({ detail: 'Invalid code', code: 'AUTH_INVALID_CODE' }), { status: 400 }),
    });
    renderWithApp(<SettingsPage />, { path: '/dashboard/settings', language: 'tr' });
    const { tr } = await import('../../i18n/tr.ts');
    fireEvent.click(await screen.findByRole('button', { name: tr.account.settings.changeEmail }));
    fireEvent.change(screen.getByLabelText(tr.account.settings.newEmail), { target: { value: 'new@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: tr.account.settings.sendCode }));
    fireEvent.change(await screen.findByLabelText(tr.account.code.label), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: tr.account.code.verify }));
    expect((await screen.findByRole('alert')).textContent).toBe('Geçersiz kod');
    expect(screen.getByTestId('email-change')).toBeTruthy();
  });
});
