import { BILLING_MESSAGES } from '@hound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FullFooter, MinimalFooter } from '../../components/footer.tsx';
import { billingEn } from '../../i18n/billing-en.ts';
import { billingTr } from '../../i18n/billing-tr.ts';
import { jsonAnswer, TEST_USER } from '../../test/account-fixtures.ts';
import { callsTo, NO_SUBSCRIPTION, PRICES_OFF, stubApi } from '../../test/billing-fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import BillingPage from '../dashboard/billing-page.tsx';
import DashboardHome from '../dashboard/dashboard-home.tsx';
import CheckoutReturnPage from './checkout-return-page.tsx';
import { PlanActions } from './plan-actions.tsx';
import PricingPage from './pricing-page.tsx';
import { subscriptionLine } from './subscription-line.ts';
import { redirectTo } from './use-checkout.ts';

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '-';
  return <p data-testid="where">{`${location.pathname} from ${from}`}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('billing messages', () => {
  it('the English catalogue carries the server messages word for word, Turkish has its own', () => {
    expect(billingEn.server).toEqual(BILLING_MESSAGES);
    expect(billingTr.checkout.failed).toBe('Checkout başarısız');
    expect(billingTr.server.checkoutFailed).toBe('Checkout başarısız');
  });
});

describe('pricing page', () => {
  it('is linked from both footers, in both languages', () => {
    stubApi({}, { user: null });
    const view = renderWithApp(<MinimalFooter />);
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    view.unmount();
    renderWithApp(<FullFooter />, { language: 'tr' });
    expect(screen.getByRole('link', { name: 'Fiyatlar' }).getAttribute('href')).toBe('/pricing');
  });

  it('shows the plans with server amounts and sends a signed-out visitor to /login, back to /pricing', async () => {
    stubApi({}, { user: null });
    renderWithApp(
      <Routes>
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path: '/pricing' },
    );
    const monthly = await screen.findByRole('link', { name: 'Pay Monthly Now (£15.00/month)' });
    expect(screen.getByRole('link', { name: 'Start 7-day trial (£1.99)' }).getAttribute('href')).toBe('/login');
    expect(screen.getByText('£15.00')).toBeTruthy();
    expect(screen.getByText('£24.99')).toBeTruthy();
    expect(screen.getByText('10 email searches per month')).toBeTruthy();
    expect(screen.getByText('7-day trial for £1.99 with 3 credits')).toBeTruthy();
    // One name for the plan: the pricing card says Premium, as the dashboard and checkout do.
    expect(screen.getByRole('heading', { name: 'Premium' })).toBeTruthy();
    expect(screen.getByText('Username search, free')).toBeTruthy();
    expect(screen.getByText('Email search with credits')).toBeTruthy();
    expect(screen.getByText('Best Value')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Order Email Plus' }).getAttribute('href')).toBe('/email-search?plus=1');
    fireEvent.click(monthly);
    expect(screen.getByTestId('where').textContent).toBe('/login from /pricing');
  });

  it('with payments off, disables every buy button and says why', async () => {
    stubApi({ 'GET /billing/prices': PRICES_OFF }, { user: null });
    renderWithApp(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByText(BILLING_MESSAGES.paymentsOff)).toBeTruthy();
    for (const name of ['Pay Monthly Now (£15.00/month)', 'Start 7-day trial (£1.99)', 'Order Email Plus']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(screen.queryByRole('link', { name: /Pay Monthly Now/ })).toBeNull();
  });

  it('tells a premium user they have the plan instead of offering buttons', async () => {
    stubApi({}, { user: { ...TEST_USER, plan: 'premium' } });
    renderWithApp(<PricingPage />, { path: '/pricing' });
    expect(await screen.findByText('You have Premium Plan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay Monthly Now|Start 7-day trial/ })).toBeNull();
  });

  it('starts checkout directly for a signed-in user: POST, then off to the provider', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const fetch = stubApi({ 'POST /billing/checkout': { url: 'https://checkout.example/cs_1' } });
    renderWithApp(<PricingPage />, { path: '/pricing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Start 7-day trial (£1.99)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    const [call] = callsTo(fetch, 'POST /billing/checkout');
    expect(call!.body).toEqual({ price_id: 'price_trial', mode: 'subscription' });
    // The session is the HttpOnly cookie: no script-visible token goes along.
    expect(call!.headers.get('authorization')).toBeNull();
  });
});

describe('plan actions', () => {
  async function actionsFor(plan: 'free' | 'trial' | 'premium', extra: Parameters<typeof stubApi>[0] = {}) {
    stubApi(extra, { user: { ...TEST_USER, plan } });
    renderWithApp(<PlanActions plan={plan} />);
    await screen.findByText(/Premium Plan|Pay Monthly Now|Upgrade to Premium/);
  }

  it('free: pay monthly and start the trial', async () => {
    await actionsFor('free');
    expect(screen.getByRole('button', { name: 'Pay Monthly Now (£15.00/month)' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Start 7-day trial (£1.99)' })).toBeTruthy();
  });

  it('free with the trial used: only pay monthly', async () => {
    await actionsFor('free', {
      'GET /billing/subscription': {
        status: 'canceled',
        period_end: null,
        cancel_at_period_end: false,
        trial_used: true,
      },
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Start 7-day trial/ })).toBeNull());
    expect(screen.getByRole('button', { name: 'Pay Monthly Now (£15.00/month)' })).toBeTruthy();
  });

  it('trial: upgrade to premium, which buys the monthly price', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    await actionsFor('trial', { 'POST /billing/checkout': { url: '/account/billing?status=success&session_id=up1' } });
    expect(screen.queryByRole('button', { name: /trial/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium (£15.00/month)' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const body = JSON.parse(String((vi.mocked(fetch).mock.calls.at(-1)![1] as RequestInit).body));
    expect(body).toEqual({ price_id: 'price_monthly', mode: 'subscription' });
  });

  it('trial on a trialing subscription: the upgrade charges only after a confirmation of amount and dates', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    let charged = 0;
    const fetch = stubApi(
      {
        'GET /billing/subscription': { ...NO_SUBSCRIPTION, status: 'trialing', period_end: '2026-12-03T00:00:00Z' },
        'POST /billing/checkout': () =>
          ++charged === 1
            ? jsonAnswer(402, { code: 'PAYMENT_DECLINED', detail: BILLING_MESSAGES.upgradeDeclined })
            : jsonAnswer(200, { url: '/account/billing?status=success&session_id=up1' }),
      },
      { user: { ...TEST_USER, plan: 'trial' } },
    );
    renderWithApp(<PlanActions plan="trial" />);
    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Premium (£15.00/month)' });
    await waitFor(() => expect(callsTo(fetch, 'GET /billing/subscription')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(upgrade);
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Premium now?' });
    const terms = within(dialog).getByTestId('upgrade-terms').textContent!;
    expect(terms).toContain('£15.00 is charged to the card you saved');
    expect(terms).toContain('10 email-search credits now');
    expect(terms).toMatch(/renews every month for £15\.00, next on \d+ \w+ \d{4}/);
    // Nothing is charged before the explicit confirmation.
    expect(callsTo(fetch, 'POST /billing/checkout')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge £15.00 now' }));
    expect((await within(dialog).findByTestId('upgrade-error')).textContent).toBe(BILLING_MESSAGES.upgradeDeclined);
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Charge £15.00 now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/account/billing?status=success&session_id=up1'));
    expect(callsTo(fetch, 'POST /billing/checkout').map((c) => c.body)).toEqual([
      { price_id: 'price_monthly', mode: 'subscription' },
      { price_id: 'price_monthly', mode: 'subscription' },
    ]);
  });

  it("the renewal date is the same day next month, or the month's last day", async () => {
    const { nextMonth } = await import('./upgrade-confirm.tsx');
    expect(nextMonth(new Date(2026, 10, 26)).toDateString()).toBe(new Date(2026, 11, 26).toDateString());
    expect(nextMonth(new Date(2027, 0, 31)).toDateString()).toBe(new Date(2027, 1, 28).toDateString());
  });

  it('premium: no buttons, just the plan', async () => {
    await actionsFor('premium');
    expect(screen.getByText('You have Premium Plan')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('payments off: disabled buttons and the message', async () => {
    await actionsFor('free', { 'GET /billing/prices': PRICES_OFF });
    expect((screen.getByRole('button', { name: /Pay Monthly Now/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(BILLING_MESSAGES.paymentsOff)).toBeTruthy();
  });

  it('a refused checkout shows the server detail; no answer at all shows "Checkout error"', async () => {
    let answer = () =>
      jsonAnswer(409, { detail: BILLING_MESSAGES.trialUsed, code: 'BILLING_CONFLICT' }) as Promise<Response>;
    await actionsFor('free', { 'POST /billing/checkout': () => answer() });
    fireEvent.click(await screen.findByRole('button', { name: 'Start 7-day trial (£1.99)' }));
    expect((await screen.findByRole('alert')).textContent).toContain(BILLING_MESSAGES.trialUsed);
    answer = () => Promise.reject(new TypeError('offline'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay Monthly Now (£15.00/month)' }));
    await waitFor(() => expect(screen.getAllByRole('alert').at(-1)!.textContent).toContain('Checkout error'));
  });

  it('falls back to "Checkout failed" ("Checkout başarısız" in Turkish) without a detail', async () => {
    stubApi({ 'POST /billing/checkout': () => jsonAnswer(500, {}) });
    renderWithApp(<PlanActions plan="free" />, { language: 'tr' });
    fireEvent.click(await screen.findByRole('button', { name: 'Şimdi Aylık Öde (£15,00/ay)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Checkout başarısız');
  });
});

describe('payment return page (/account/billing)', () => {
  const route = (path: string, props = {}) =>
    renderWithApp(
      <Routes>
        <Route path="/account/billing" element={<CheckoutReturnPage pollMs={5} maxPolls={40} {...props} />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { path },
    );

  it('says a cancelled payment charged nothing, with links back', async () => {
    stubApi({}, { user: null });
    route('/account/billing?status=cancel');
    expect(screen.getByText('Your payment was cancelled. No charges have been made.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('polls the checkout until it is applied, then shows the new plan and reloads the user', async () => {
    let polls = 0;
    const fetch = stubApi({
      'GET /billing/checkout/cs_test_1': () => {
        polls += 1;
        return jsonAnswer(200, {
          status: polls < 3 ? 'open' : 'completed',
          kind: 'monthly',
          plan: polls < 3 ? 'free' : 'premium',
          email_search_credits: polls < 3 ? 0 : 10,
        });
      },
    });
    route('/account/billing?status=success&session_id=cs_test_1');
    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect((await screen.findByTestId('checkout-result')).textContent).toBe(
      'Thank you! Your plan: Premium. Email search credits: 10.',
    );
    expect(screen.getByText('Payment received')).toBeTruthy();
    expect(polls).toBe(3);
    await waitFor(() => expect(callsTo(fetch, 'GET /auth/me')).toHaveLength(2));
  });

  it('says an Email Plus order is placed', async () => {
    stubApi({
      'GET /billing/checkout/cs_plus': { status: 'completed', kind: 'plus', plan: 'free', email_search_credits: 0 },
    });
    route('/account/billing?status=success&session_id=cs_plus');
    expect(
      await screen.findByText(
        /^Your Email Plus order is placed; the report arrives within 3–5 business days\. It renews monthly/,
      ),
    ).toBeTruthy();
  });

  it('gives up after the last poll and says the dashboard will update', async () => {
    const fetch = stubApi({
      'GET /billing/checkout/cs_slow': { status: 'open', kind: 'trial', plan: 'free', email_search_credits: 0 },
    });
    route('/account/billing?status=success&session_id=cs_slow', { maxPolls: 3 });
    expect(await screen.findByText(/still being confirmed/)).toBeTruthy();
    expect(callsTo(fetch, 'GET /billing/checkout/cs_slow')).toHaveLength(3);
  });

  it('asks a signed-out visitor to sign in, coming back here', async () => {
    stubApi({}, { user: null });
    route('/account/billing?status=success&session_id=cs_1');
    expect(screen.getByText('Your payment was successful.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByTestId('where').textContent).toBe('/login from /account/billing?status=success&session_id=cs_1');
  });
});

describe('billing page', () => {
  it('lists invoices with a link to each, says when the plan renews and opens the portal', async () => {
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    stubApi(
      {
        'GET /billing/invoices': {
          items: [
            {
              id: 'in_1',
              number: 'HND-0001',
              date: '2026-11-23T10:00:00Z',
              amount: 1500,
              currency: 'gbp',
              status: 'paid',
              url: 'https://invoice.example/in_1',
            },
          ],
        },
        'GET /billing/subscription': {
          status: 'active',
          period_end: '2026-12-23T10:00:00Z',
          cancel_at_period_end: false,
          trial_used: true,
        },
        'GET /billing/portal': { url: 'https://portal.example/p1' },
      },
      { user: { ...TEST_USER, plan: 'premium' } },
    );
    renderWithApp(<BillingPage />, { path: '/dashboard/billing' });
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('23 Nov 2026')).toBeTruthy();
    expect(within(row).getAllByText('HND-0001').length).toBeGreaterThan(0);
    expect(within(row).getByText('£15.00')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    const view = within(row).getByRole('link', { name: /View invoice HND-0001/ });
    expect(view.getAttribute('href')).toBe('https://invoice.example/in_1');
    expect(view.getAttribute('target')).toBe('_blank');
    expect((await screen.findByTestId('subscription-line')).textContent).toBe('Renews on 23 Dec 2026');
    expect(screen.getByText('You have Premium Plan')).toBeTruthy();
    const manage = screen.getByRole('button', { name: 'Manage Subscription' }) as HTMLButtonElement;
    await waitFor(() => expect(manage.disabled).toBe(false));
    fireEvent.click(manage);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://portal.example/p1'));
    expect(screen.queryByText(/not set up on this server yet/)).toBeNull();
  });

  it('says "No invoices yet." and why the portal is closed before any payment', async () => {
    stubApi({ 'GET /billing/invoices': { items: [] } });
    renderWithApp(<BillingPage />, { path: '/dashboard/billing' });
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Manage Subscription' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The billing portal opens once you have made a payment.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pay Monthly Now (£15.00/month)' })).toBeTruthy();
  });

  it('with payments off, the portal and plan buttons are disabled with the message', async () => {
    stubApi({ 'GET /billing/invoices': { items: [] }, 'GET /billing/prices': PRICES_OFF });
    renderWithApp(<BillingPage />, { path: '/dashboard/billing' });
    expect(await screen.findByText(BILLING_MESSAGES.paymentsOff)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Manage Subscription' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Pay Monthly Now/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('words each subscription state', () => {
    const texts = billingEn.page;
    const day = (iso: string) => iso.slice(0, 10);
    const at = {
      period_end: '2026-12-23T00:00:00Z',
      cancel_at_period_end: false,
      trial_used: false,
      has_customer: true,
    };
    expect(subscriptionLine({ ...at, status: 'active' }, texts, day)).toBe('Renews on 2026-12-23');
    expect(subscriptionLine({ ...at, status: 'active', cancel_at_period_end: true }, texts, day)).toBe(
      'Ends on 2026-12-23',
    );
    expect(subscriptionLine({ ...at, status: 'trialing' }, texts, day)).toBe('Trial ends on 2026-12-23');
    expect(subscriptionLine({ ...at, status: 'past_due' }, texts, day)).toBe('Payment failed — we will retry');
    expect(subscriptionLine({ ...at, status: 'canceled' }, texts, day)).toBe('Your subscription has ended.');
    expect(subscriptionLine({ ...at, status: null }, texts, day)).toBe('No subscription.');
  });
});

describe('dashboard', () => {
  it('shows the plan actions and Email Plus orders with their status, due and delivery dates', async () => {
    stubApi({
      'GET /me/email-plus/orders': {
        items: [
          {
            id: 'o1',
            target_email: 'target@example.com',
            status: 'delivered',
            created_at: '2026-11-01T00:00:00Z',
            paid_at: '2026-11-01T00:00:00Z',
            due_at: '2026-11-06T00:00:00Z',
            delivered_at: '2026-11-04T00:00:00Z',
            refused_reason: null,
            subscription_id: null,
          },
          {
            id: 'o2',
            target_email: 'other@example.com',
            status: 'refused',
            created_at: '2026-11-02T00:00:00Z',
            paid_at: '2026-11-02T00:00:00Z',
            due_at: '2026-11-07T00:00:00Z',
            delivered_at: null,
            refused_reason: 'No lawful purpose given',
            subscription_id: null,
          },
        ],
      },
    });
    renderWithApp(<DashboardHome />, { path: '/dashboard' });
    expect(await screen.findByRole('button', { name: 'Pay Monthly Now (£15.00/month)' })).toBeTruthy();
    const orders = await screen.findAllByTestId('email-plus-order');
    expect(orders[0]!.textContent).toContain('target@example.com');
    expect(orders[0]!.textContent).toContain('Delivered');
    expect(orders[0]!.textContent).toContain('6 Nov 2026');
    expect(orders[0]!.textContent).toContain('4 Nov 2026');
    expect(orders[1]!.textContent).toContain('Refused: No lawful purpose given');
  });

  it('lists an Email Plus subscription: when it renews, a new address for the next report, renewals cancelled after a confirmation', async () => {
    const sub = {
      id: 'sub_1',
      target_email: 'target@example.com',
      status: 'active',
      period_end: '2026-12-26T00:00:00Z',
      cancel_at_period_end: false,
      created_at: '2026-11-26T00:00:00Z',
    };
    const fetch = stubApi({
      'GET /me/email-plus/subscriptions': { items: [sub] },
      'GET /me/email-plus/orders': {
        items: [
          {
            id: 'o1',
            target_email: 'target@example.com',
            status: 'delivered',
            created_at: '2026-11-26T00:00:00Z',
            paid_at: '2026-11-26T00:00:00Z',
            due_at: '2026-12-01T00:00:00Z',
            delivered_at: '2026-11-27T00:00:00Z',
            refused_reason: null,
            subscription_id: 'sub_1',
          },
        ],
      },
      'PATCH /me/email-plus/subscriptions/sub_1': (init) =>
        jsonAnswer(200, { ...sub, target_email: JSON.parse(String(init?.body)).email }),
      'POST /me/email-plus/subscriptions/sub_1/cancel': { ...sub, cancel_at_period_end: true },
    });
    renderWithApp(<DashboardHome />, { path: '/dashboard' });
    const item = await screen.findByTestId('email-plus-subscription');
    expect(within(item).getByTestId('subscription-renewal').textContent).toBe(
      'Next report ordered on 26 Dec 2026 (£24.99)',
    );
    const open = await screen.findByRole('link', { name: 'Open the report on target@example.com' });
    expect(open.getAttribute('href')).toBe('/dashboard/orders/o1');

    fireEvent.click(within(item).getByRole('button', { name: 'Change address' }));
    const input = within(item).getByLabelText('New address for the next report');
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save address' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetch, 'PATCH /me/email-plus/subscriptions/sub_1')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'next@example.com' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save address' }));
    await within(item).findByText('The next report will be on next@example.com.');
    expect(callsTo(fetch, 'PATCH /me/email-plus/subscriptions/sub_1')[0]!.body).toEqual({ email: 'next@example.com' });

    fireEvent.click(within(item).getByRole('button', { name: 'Cancel renewals' }));
    expect(callsTo(fetch, 'POST /me/email-plus/subscriptions/sub_1/cancel')).toHaveLength(0);
    within(item).getByText(/^Stop renewing\? .* after 26 Dec 2026\.$/);
    fireEvent.click(within(item).getByRole('button', { name: 'Yes, stop renewing' }));
    await within(item).findByText('Renewals stopped. No more charges after 26 Dec 2026.');
    expect(within(item).getByTestId('subscription-renewal').textContent).toBe(
      'Cancelled: no more reports after 26 Dec 2026',
    );
    expect(callsTo(fetch, 'POST /me/email-plus/subscriptions/sub_1/cancel')).toHaveLength(1);
  });

  it('has no orders section without orders', async () => {
    stubApi({});
    renderWithApp(<DashboardHome />, { path: '/dashboard' });
    await screen.findByRole('button', { name: /Pay Monthly Now/ });
    expect(screen.queryByText('Email Plus orders')).toBeNull();
  });
});
