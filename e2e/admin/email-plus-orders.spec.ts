/**
 * An Email Plus order from the queue to delivery in the browser: a customer pays on the fake Stripe, the
 * admin opens the order, runs the automated search, writes the report, previews and delivers it; the
 * customer's mailbox holds the report and their dashboard says Delivered. Screenshots of the queue and
 * the order at 1280/390 px, both themes.
 */
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { address, register, sessionOf } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

const fake: FakeStripe = await startFakeStripe({ retryDelaysMs: [200, 1000, 3000] });
const ADMIN = 'orders.chief@example.com';
/** One admin per screenshot run: each registers fresh (a second sign-in code within a minute would wait). */
const SHOT_ADMINS = ['1280-light', '1280-dark', '390-light', '390-dark'].map((v) => `orders.${v}@example.com`);

describeInBrowser('Email Plus orders', () => {
  const journey = useJourney({
    slowMs: 100,
    env: { ...fake.settings, ADMIN_EMAILS: [ADMIN, ...SHOT_ADMINS].join(',') },
  });
  beforeAll(() => fake.setWebhookUrl(`${journey.stack.baseUrl}/billing/webhook`));
  afterAll(() => fake.close());

  /** Registers a customer in `page` and buys Email Plus on `EMAIL_REGISTERED` through the API and the fake. */
  async function paidOrder(page: Page, purpose: string): Promise<string> {
    const email = address('customer');
    await register(page, journey.stack, email, 'Cora');
    const { token } = await sessionOf(page);
    const api = async (path: string, body: unknown) => {
      const res = await fetch(`${journey.stack.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-user-email': email },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as Record<string, string>;
    };
    const { lead_id } = await api('/api/email/plus/lead', { email: EMAIL_REGISTERED, purpose, accept_terms: true });
    const { url } = await api('/billing/checkout', {
      price_id: fake.prices.plusMonthly,
      mode: 'subscription',
      meta: { lead_id, product: 'email_plus' },
    });
    await fake.completeCheckout(url!.split('/').pop()!);
    await fake.webhooks.idle();
    return email;
  }

  async function openQueue(page: Page): Promise<void> {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Email Plus orders' }).click();
  }

  it('takes a paid order from the queue to a delivered report', async () => {
    const customerPage = await journey.open('/');
    const customer = await paidOrder(customerPage, 'Checking a landlord before signing a lease');
    const page = await journey.open('/');
    await register(page, journey.stack, ADMIN, 'Chief');
    await openQueue(page);
    const row = page.locator('tbody tr').filter({ hasText: customer });
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Open order for ${EMAIL_REGISTERED}` }).click();
    await page.getByText('Checking a landlord before signing a lease').waitFor();
    // The opened order has an address of its own: a reload keeps it open (issue 41 item 4).
    expect(new URL(page.url()).searchParams.get('order')).toMatch(/.+/);
    await page.reload();
    await page.getByText('Checking a landlord before signing a lease').waitFor();

    await page.getByRole('button', { name: 'Run automated search' }).click();
    await page.getByText(/\d+ accounts found/).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add to social profiles' }).click();
    // Every check finds the simulated registered address: more accounts than the field's 5000 characters
    // hold, so the first ones by site name are added and the rest counted.
    const profiles = await page.getByLabel('Social media profiles').inputValue();
    expect(profiles).toContain('Gravatar');
    expect(profiles.length).toBeLessThanOrEqual(5000);
    await page.getByLabel('Full name').fill('Known Person');
    await page.getByLabel('Notes').fill('Owns the flat since 2019.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.').waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.frameLocator('iframe[title="Preview of the report email"]').getByText('Known Person').waitFor();
    await page.getByRole('button', { name: 'Close preview' }).click();

    const before = journey.stack.smtp.mails().length;
    await page.getByRole('button', { name: 'Deliver report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliver the report' });
    await dialog.getByText(`Send the report to ${customer}?`).waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByText(`Report delivered to ${customer}.`).waitFor();
    const mail = await journey.stack.smtp.waitForMail({ to: customer, subject: 'Email Plus report', after: before });
    expect(mail.text).toContain('Known Person');
    expect(mail.text).toContain('Owns the flat since 2019.');
    expect(mail.text).toContain('Gravatar');

    await customerPage.goto('/dashboard');
    const orders = customerPage.getByRole('region', { name: 'Email Plus orders' });
    await orders.getByTestId('email-plus-order').filter({ hasText: 'Delivered' }).waitFor();
  });

  for (const width of [1280, 390] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`screenshots of the order queue and an order at ${width} px, ${theme}`, async () => {
        await paidOrder(await journey.open('/'), 'Vetting a new business partner before a deal');
        const page = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
        await register(page, journey.stack, `orders.${width}-${theme}@example.com`, 'Chief');
        await openQueue(page);
        await page.locator('tbody tr').first().waitFor();
        await screenshot(page, 'admin-orders-queue');
        await page
          .locator('tbody tr')
          .first()
          .getByRole('button', { name: /^Open order for / })
          .click();
        await page.getByRole('button', { name: /Run automated search|Run again/ }).waitFor();
        await screenshot(page, 'admin-order');
      });
    }
  }
});
