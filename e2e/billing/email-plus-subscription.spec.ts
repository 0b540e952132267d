/**
 * Email Plus as a monthly subscription in the browser (issue 27 items 1 and 2), against the testkit's
 * fake Stripe: the pricing page and the modal's card say what renews and when; after paying, the
 * dashboard lists the subscription (change the address, cancel renewals), Billing lists the invoice and
 * opens the portal, the receipt and "order received" mails arrive, and a delivered report reopens from the
 * dashboard and prints alone. Screenshots at 1280 and 390 px, English and Turkish, with a page-width check.
 */
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { address, register, sessionOf } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

const fake: FakeStripe = await startFakeStripe({ retryDelaysMs: [200, 1000, 3000] });
const ADMIN = 'plus.admin@example.com';

describeInBrowser('Email Plus subscription', () => {
  const journey = useJourney({ slowMs: 100, env: { ...fake.settings, ADMIN_EMAILS: ADMIN, SIGNUP_CREDITS: '1' } });
  beforeAll(() => fake.setWebhookUrl(`${journey.stack.baseUrl}/billing/webhook`));
  afterAll(() => fake.close());

  let adminToken: string | undefined;
  async function admin(): Promise<string> {
    if (!adminToken) {
      const page = await journey.open('/');
      await register(page, journey.stack, ADMIN, 'Ada');
      adminToken = (await sessionOf(page)).token;
    }
    return adminToken;
  }

  async function api(token: string, method: string, path: string, body?: unknown, headers = {}) {
    const res = await fetch(`${journey.stack.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  /** A paid Email Plus subscription on `target` for the customer signed in on `page`; answers the order id. */
  async function subscribe(page: Page, email: string, target: string): Promise<string> {
    const { token } = await sessionOf(page);
    const lead = await api(
      token,
      'POST',
      '/api/email/plus/lead',
      { email: target, purpose: 'Vetting a new business partner', accept_terms: true },
      { 'x-user-email': email },
    );
    const { url } = await api(token, 'POST', '/billing/checkout', {
      price_id: fake.prices.plusMonthly,
      mode: 'subscription',
      meta: { lead_id: lead.lead_id },
    });
    await fake.completeCheckout(String(url).split('/').pop()!);
    await fake.webhooks.idle();
    return String(lead.lead_id);
  }

  async function deliver(orderId: string): Promise<void> {
    const token = await admin();
    await api(token, 'PUT', `/admin/email-plus/orders/${orderId}/report`, {
      full_name: 'Known Person',
      home_address: '1 High Street, Anytown',
      social_profiles: 'Gravatar\nGitHub',
      notes: 'Owns the flat since 2019.',
    });
    await api(token, 'POST', `/admin/email-plus/orders/${orderId}/deliver`);
  }

  async function noSidewaysScroll(page: Page): Promise<void> {
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(inner);
  }

  it('pricing and the card say what renews; pay; change the address; invoice, portal and mails; reopen and print the report; cancel renewals', async () => {
    const page = await journey.open('/pricing');
    const plus = page.getByRole('region', { name: 'Email Plus' });
    await plus.getByText('Best Value').waitFor();
    await plus.getByText('/month').waitFor();
    await plus.getByText(/Renews monthly with a fresh report on the same address/).waitFor();

    const email = address('subscriber');
    await register(page, journey.stack, email, 'Sol');
    await page.goto(`/email-search?email=${encodeURIComponent(EMAIL_REGISTERED)}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('£24.99 per month').waitFor();
    await dialog.getByLabel('Why do you need this report?').fill('Vetting a new business partner');
    await dialog.getByLabel(/I accept the Email Terms/).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const renews = dialog.getByTestId('plus-renews');
    expect(await renews.textContent()).toContain('You pay £24.99 today and then every month on the same day');
    await screenshot(page, 'plus-card-en', false);
    const mailsBefore = journey.stack.smtp.mails().length;
    await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/account/billing?status=success**');
    await page.getByText(/Your Email Plus order is placed/).waitFor({ timeout: 30_000 });

    // The receipt and "order received" arrive; the admins hear of the order.
    const receipt = await journey.stack.smtp.waitForMail({ to: email, subject: 'receipt', after: mailsBefore });
    expect(receipt.text).toContain('£24.99');
    await journey.stack.smtp.waitForMail({
      to: email,
      subject: 'We received your Email Plus order',
      after: mailsBefore,
    });
    await journey.stack.smtp.waitForMail({ to: ADMIN, subject: 'New paid Email Plus order', after: mailsBefore });

    // The dashboard: what renews when; a new address for the next report (a bad one is refused).
    await page.goto('/dashboard');
    const subscriptions = page.getByRole('region', { name: 'Email Plus subscriptions' });
    const item = subscriptions.getByTestId('email-plus-subscription');
    await item.getByText(EMAIL_REGISTERED).waitFor();
    expect(await item.getByTestId('subscription-renewal').textContent()).toMatch(
      /^Next report ordered on .+ \(£24\.99\)$/,
    );
    await item.getByRole('button', { name: 'Change address' }).click();
    await item.getByLabel('New address for the next report').fill('not-an-email');
    await item.getByRole('button', { name: 'Save address' }).click();
    await item.getByText(/not a valid email address|valid email/i).waitFor();
    await item.getByLabel('New address for the next report').fill('new.target@example.org');
    await item.getByRole('button', { name: 'Save address' }).click();
    await item.getByText('The next report will be on new.target@example.org.').waitFor();
    await item.getByText('new.target@example.org', { exact: true }).waitFor();

    // Billing: the invoice with its link, and the portal.
    await page.goto('/dashboard/billing');
    const invoices = page.getByRole('table');
    await invoices.getByRole('cell', { name: '£24.99' }).waitFor();
    expect(await invoices.getByRole('link', { name: /^View invoice / }).getAttribute('href')).toMatch(
      new RegExp(`^${fake.url}/invoices/in_`),
    );
    const manage = page.getByRole('button', { name: 'Manage Subscription' });
    expect(await manage.isEnabled()).toBe(true);

    // Delivered: "Open report" → the report, which prints without the app around it.
    const [order] = (
      (await api((await sessionOf(page)).token, 'GET', '/me/email-plus/orders')).items as { id: string }[]
    ).slice(-1);
    await deliver(order!.id);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: `Open the report on ${EMAIL_REGISTERED}` }).click();
    await page.getByRole('heading', { name: `Email Plus report on ${EMAIL_REGISTERED}` }).waitFor();
    await page.getByText('Owns the flat since 2019.').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
    expect(await page.getByText('Known Person').isVisible()).toBe(true);
    await screenshot(page, 'plus-report-print-en');
    await page.emulateMedia({ media: 'screen' });

    // Cancel renewals, after a confirmation that names the date.
    await page.goto('/dashboard');
    await item.getByRole('button', { name: 'Cancel renewals' }).click();
    await item.getByText(/^Stop renewing\? .* nothing more is charged after /).waitFor();
    await item.getByRole('button', { name: 'Yes, stop renewing' }).click();
    await item.getByText(/^Renewals stopped\. No more charges after /).waitFor();
    await item.getByText(/^Cancelled: no more reports after /).waitFor();
    const sub = fake
      .subscriptions()
      .find((s) => s.items.data[0]!.price.id === fake.prices.plusMonthly && s.cancel_at_period_end);
    expect(sub).toBeDefined();
  });

  const runs = [
    ...([1280, 390] as const).flatMap((width) =>
      (['en', 'tr'] as const).map((language) => ({ width, language, theme: 'light' as const })),
    ),
    ...([1280, 390] as const).map((width) => ({ width, language: 'en' as const, theme: 'dark' as const })),
  ];
  for (const { width, language, theme } of runs) {
    it(`screenshots of pricing, the dashboard's subscription, billing and a report at ${width} px, ${language}, ${theme}`, async () => {
      const viewport = { width, height: width > 500 ? 900 : 844, theme };
      const page = await journey.open('/', viewport);
      const email = address(`plus${width}${language}`);
      await register(page, journey.stack, email, 'Sam');
      const orderId = await subscribe(page, email, EMAIL_REGISTERED);
      await deliver(orderId);
      if (language === 'tr') await page.evaluate(() => localStorage.setItem('language', 'tr'));
      const tr = language === 'tr';

      await page.goto('/pricing');
      await page.getByText(tr ? 'En İyi Değer' : 'Best Value').waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `plus-pricing-${language}`);

      await page.goto('/dashboard');
      await page.getByRole('region', { name: tr ? 'Email Plus abonelikleri' : 'Email Plus subscriptions' }).waitFor();
      await page.getByText(tr ? /Sonraki rapor .* sipariş edilir/ : /Next report ordered on/).waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `plus-dashboard-${language}`);

      await page.goto('/dashboard/billing');
      await page.getByRole('cell', { name: /24[.,]99/ }).waitFor();
      expect(await page.getByRole('button', { name: tr ? 'Aboneliği Yönet' : 'Manage Subscription' }).isEnabled()).toBe(
        true,
      );
      await noSidewaysScroll(page);
      await screenshot(page, `plus-billing-${language}`);

      await page.goto(`/dashboard/orders/${orderId}`);
      await page.getByText('Owns the flat since 2019.').waitFor();
      await page.getByRole('button', { name: tr ? 'Yazdır veya PDF olarak kaydet' : 'Print or save as PDF' }).waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `plus-report-${language}`);
    });
  }
});
