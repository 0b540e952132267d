/**
 * Payments in the browser against the testkit's fake Stripe: the server talks to it with the real SDK,
 * the browser completes its hosted checkout and portal pages, and the fake delivers signed webhooks to
 * the server. Trial with a declined then a good card, a cancelled checkout, the upgrade, the portal's
 * cancellation, an Email Plus purchase, and screenshots of every billing page.
 */
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { address, register } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

const fake: FakeStripe = await startFakeStripe({ retryDelaysMs: [200, 1000, 3000] });

describeInBrowser('billing', () => {
  const journey = useJourney({ slowMs: 100, env: { ...fake.settings, TRIAL_CREDITS: '3', SIGNUP_CREDITS: '1' } });
  beforeAll(() => fake.setWebhookUrl(`${journey.stack.baseUrl}/billing/webhook`));
  afterAll(() => fake.close());

  async function payOnFakeCheckout(page: Page, card: string): Promise<void> {
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByLabel('Card number').fill(card);
    await page.getByRole('button', { name: 'Pay' }).click();
  }

  it('free → trial (a declined card first) → back on /account/billing with Trial and its credits; cancel; upgrade', async () => {
    const page = await journey.open('/');
    await register(page, journey.stack, address('payer'), 'Pat');
    const actions = page.getByRole('list', { name: 'Plan actions' });

    // A checkout left with "Cancel" comes back with the spec's message and changes nothing.
    await actions.getByRole('button', { name: 'Pay Monthly Now (£15.00/month)' }).click();
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL('**/account/billing?status=cancel');
    await page.getByText('Your payment was cancelled. No charges have been made.').waitFor();
    await page.goto('/dashboard');
    expect(await page.getByTestId('plan').textContent()).toBe('Free');

    await actions.getByRole('button', { name: 'Start 7-day trial (£1.99)' }).click();
    await payOnFakeCheckout(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/account/billing?status=success**');
    await page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 30_000 });
    await page.getByText('Your plan: Trial. Email search credits: 4.').waitFor();
    await page.locator('#main').getByRole('link', { name: 'Dashboard' }).click();
    expect(await page.getByTestId('plan').textContent()).toBe('Trial');
    expect(await page.getByTestId('credits').textContent()).toBe('4');

    // The trial's only offer: upgrade now (charged to the saved card, no checkout page).
    expect(await actions.getByRole('button', { name: /Start 7-day trial/ }).count()).toBe(0);
    await actions.getByRole('button', { name: 'Upgrade to Premium (£15.00/month)' }).click();
    // Confirmed first: amount, today's date, the renewal (issue 27 item 3).
    const confirm = page.getByRole('dialog', { name: 'Upgrade to Premium now?' });
    await confirm.getByRole('button', { name: 'Charge £15.00 now' }).click();
    await page.waitForURL('**/account/billing?status=success**');
    await page.getByText('Your plan: Premium. Email search credits: 14.').waitFor({ timeout: 30_000 });

    await page.goto('/dashboard/billing');
    const invoices = page.getByRole('table');
    await invoices.getByRole('cell', { name: '£1.99' }).waitFor();
    await invoices.getByRole('cell', { name: '£15.00' }).waitFor();
    await page.getByText(/^Renews on /).waitFor();

    // The portal: cancel at period end → back in Hound, premium until the end.
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.waitForURL(`${fake.url}/portal/**`);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/Cancels on /).waitFor();
    await page.getByRole('link', { name: 'Return', exact: true }).click();
    await page.waitForURL('**/dashboard/billing');
    // The portal's webhook may land just after the page loaded its subscription: look again until it shows.
    for (let i = 0; i < 20 && (await page.getByText(/^Ends on /).count()) === 0; i++) {
      await page.waitForTimeout(250);
      await page.reload();
      await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    }
    await page.getByText(/^Ends on /).waitFor();
    expect(await page.getByTestId('plan').textContent()).toBe('Premium');
  });

  it('buys Email Plus from the email-search modal: lead with purpose and terms → payment → order on the dashboard', async () => {
    const page = await journey.open('/');
    await register(page, journey.stack, address('plus'), 'Quinn');
    await page.goto(`/email-search?email=${encodeURIComponent(EMAIL_REGISTERED)}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Why do you need this report?').fill('Vetting a new business partner');
    await dialog.getByLabel(/I accept the Email Terms/).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
    await payOnFakeCheckout(page, '4242424242424242');
    await page.waitForURL('**/account/billing?status=success**');
    await page
      .getByText(/^Your Email Plus order is placed; the report arrives within 3–5 business days\. It renews monthly/)
      .waitFor({
        timeout: 30_000,
      });
    await page.goto('/dashboard');
    const orders = page.getByRole('region', { name: 'Email Plus orders' });
    await orders
      .getByTestId('email-plus-order')
      .filter({ hasText: EMAIL_REGISTERED })
      .filter({ hasText: 'Paid' })
      .waitFor();
    // The plan did not change: Email Plus is a subscription of its own.
    expect(await page.getByTestId('plan').textContent()).toBe('Free');
  });

  for (const width of [1280, 390] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`screenshots of pricing, billing, both return pages and the plan area at ${width} px, ${theme}`, async () => {
        const page = await journey.open('/pricing', { width, height: width > 500 ? 900 : 844, theme });
        await page.getByRole('heading', { name: 'Plans and prices' }).waitFor();
        await page.getByText('£24.99').first().waitFor();
        await screenshot(page, 'pricing');
        await register(page, journey.stack, address(`shot${width}${theme}`), 'Sam');
        await page.getByRole('list', { name: 'Plan actions' }).waitFor();
        await screenshot(page, 'dashboard-plan-free', false);
        await page.goto('/account/billing?status=cancel');
        await page.getByText('Your payment was cancelled. No charges have been made.').waitFor();
        await screenshot(page, 'account-billing-cancel');
        await page.goto('/dashboard');
        await page.getByRole('button', { name: /Pay Monthly Now/ }).click();
        await payOnFakeCheckout(page, '4242 4242 4242 4242');
        await page.getByRole('heading', { name: 'Payment received' }).waitFor({ timeout: 30_000 });
        await screenshot(page, 'account-billing-success');
        await page.goto('/dashboard/billing');
        await page.getByRole('cell', { name: '£15.00' }).waitFor();
        await screenshot(page, 'billing');
        await page.goto('/dashboard');
        await page.getByText('You have Premium Plan').waitFor();
        await screenshot(page, 'dashboard-plan-premium', false);
      });
    }
  }
});
