/** Issue 27 item 5: a premium user at 0 credits is told when credits come back and what to do now. */

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingEn } from '../../i18n/billing-en.ts';
import { TEST_USER } from '../../test/account-fixtures.ts';
import { NO_SUBSCRIPTION, PRICES, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { EmailSearchModal } from '../email-search/email-search-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

function open(subscription: object, language: 'en' | 'tr' = 'en', monthlyCredits = PRICES.monthly_credits) {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  stubApi(
    {
      'GET /me/credits': { credits: 0, plan: 'premium' },
      'GET /billing/subscription': subscription,
      'GET /billing/prices': { ...PRICES, monthly_credits: monthlyCredits },
    },
    { user: { ...TEST_USER, plan: 'premium', email_search_credits: 0 } },
  );
  renderWithApp(<EmailSearchModal email="ada@example.com" onClose={() => {}} />, { language });
}

describe('a premium user with no credits', () => {
  it('sees when the credits renew and how many, and no "Use My Credit"', async () => {
    open({ ...NO_SUBSCRIPTION, status: 'active', period_end: '2026-12-24T10:00:00Z' });
    const said = await screen.findByTestId('credits-renew');
    await vi.waitFor(() =>
      expect(said.textContent).toBe('Your 10 credits come back on 24 December 2026, when Premium renews.'),
    );
    expect(screen.getByText(billingEn.outOfCredits.plus)).toBeTruthy();
    expect(screen.getByRole('link', { name: billingEn.outOfCredits.username }).getAttribute('href')).toBe(
      '/username-search',
    );
    expect(screen.queryByRole('button', { name: 'Use My Credit' })).toBeNull();
  });

  it('one credit: "1 credit comes back", not "1 credits"', async () => {
    const renewing = { ...NO_SUBSCRIPTION, status: 'active', period_end: '2026-12-24T10:00:00Z' };
    open(renewing, 'en', 1);
    const said = await screen.findByTestId('credits-renew');
    await vi.waitFor(() =>
      expect(said.textContent).toBe('Your 1 credit comes back on 24 December 2026, when Premium renews.'),
    );
  });

  it('in Turkish, the renewal names the date and the count', async () => {
    open({ ...NO_SUBSCRIPTION, status: 'active', period_end: '2026-12-24T10:00:00Z' }, 'tr', 1);
    const said = await screen.findByTestId('credits-renew');
    await vi.waitFor(() =>
      expect(said.textContent).toBe('Premium yenilendiğinde, 24 Aralık 2026 tarihinde 1 krediniz geri gelir.'),
    );
  });

  it('a plan set by the team says its credits do not renew by themselves; in Turkish too', async () => {
    open(NO_SUBSCRIPTION, 'tr');
    const said = await screen.findByTestId('credits-renew');
    await vi.waitFor(() =>
      expect(said.textContent).toBe(
        'Premium planınız ekibimiz tarafından verildi: kredileri kendiliğinden yenilenmez. Daha fazlası için destekle iletişime geçin.',
      ),
    );
  });

  it('a cancelled plan says when it ends', async () => {
    open({ ...NO_SUBSCRIPTION, status: 'active', cancel_at_period_end: true, period_end: '2026-12-24T10:00:00Z' });
    await vi.waitFor(() =>
      expect(screen.getByTestId('credits-renew').textContent).toBe(
        'Your plan ends on 24 December 2026; no more credits come with it.',
      ),
    );
  });
});
