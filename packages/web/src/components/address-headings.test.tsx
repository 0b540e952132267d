import type { AdminUser } from '@hound/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanConfirm } from '../features/admin/plan-confirm.tsx';
import { EmailPlusOrders } from '../features/billing/email-plus-orders.tsx';
import { EmailSearchModal } from '../features/email-search/email-search-modal.tsx';
import { initialModalState } from '../features/email-search/modal-state.ts';
import type { Language } from '../i18n/messages.ts';
import { stubApi } from '../test/billing-fixtures.ts';
import { renderWithApp } from '../test/render.tsx';

/**
 * Headings and titles that print an address use BreakableAddress: a long address wraps after its "@" and
 * before its dots, never mid-word (a 390 px phone). `|` marks each `<wbr>`.
 */
const LONG = 'firstname.middlename.lastname@dept.example-company.co.uk';
const BROKEN = 'firstname|.middlename|.lastname@|dept|.example-company|.co|.uk';

function breaks(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const wbr of Array.from(copy.querySelectorAll('wbr'))) wbr.replaceWith('|');
  return copy.textContent ?? '';
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

describe.each<[Language, string, string]>([
  ['en', `Accounts for ${BROKEN}`, `Set ${BROKEN} to Premium?`],
  ['tr', `${BROKEN} için hesaplar`, `${BROKEN} için plan Premium olsun mu?`],
])('a long address in a heading (%s)', (language, resultsTitle, planTitle) => {
  it('the email search dialog’s results title', async () => {
    stubApi({ 'GET /me/credits': { credits: 0, plan: 'free' } });
    renderWithApp(
      <EmailSearchModal
        email={LONG}
        initial={{ ...initialModalState, step: 'results', searchId: 's1', finished: true }}
        onClose={() => {}}
      />,
      { language },
    );
    const title = screen.getAllByRole('heading', { level: 2 })[0]!;
    expect(breaks(title)).toBe(resultsTitle);
    expect(title.getAttribute('title')).toBe(LONG);
  });

  it('the admin plan-change confirmation’s title', () => {
    stubApi({});
    const user: AdminUser = {
      id: 'u1',
      email: LONG,
      first_name: 'A',
      last_name: 'B',
      plan: 'free',
      is_admin: false,
      search_count: 0,
      email_search_credits: 0,
      created_at: '2026-11-01T00:00:00Z',
      last_login_at: null,
    };
    renderWithApp(<PlanConfirm user={user} plan="premium" onClose={() => {}} />, { language });
    expect(breaks(screen.getByRole('heading', { level: 2, hidden: true }))).toBe(planTitle);
  });

  it('the dashboard’s Email Plus subscription and order lines', async () => {
    stubApi({
      'GET /me/email-plus/subscriptions': {
        items: [
          {
            id: 'sub_1',
            target_email: LONG,
            status: 'active',
            period_end: '2026-12-26T00:00:00Z',
            cancel_at_period_end: false,
            created_at: '2026-11-26T00:00:00Z',
          },
        ],
      },
      'GET /me/email-plus/orders': {
        items: [
          {
            id: 'o1',
            target_email: LONG,
            status: 'paid',
            created_at: '2026-11-26T00:00:00Z',
            paid_at: '2026-11-26T00:00:00Z',
            due_at: '2026-12-01T00:00:00Z',
            delivered_at: null,
            refused_reason: null,
            subscription_id: 'sub_1',
          },
        ],
      },
    });
    // The orders section holds the subscriptions above the orders.
    renderWithApp(<EmailPlusOrders />, { language });
    const subscription = await screen.findByTestId('email-plus-subscription');
    expect(breaks(subscription.querySelector('p.font-semibold')!)).toBe(BROKEN);
    const order = await screen.findByTestId('email-plus-order');
    expect(breaks(order.querySelector('p.font-semibold')!)).toContain(BROKEN);
  });
});
