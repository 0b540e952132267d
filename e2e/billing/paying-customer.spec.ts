/**
 * Issue 27 items 3, 5, 15 and 16 in Chromium against the fake Stripe: the trial's upgrade is confirmed
 * with amount and dates and a declined card changes nothing; a premium user at 0 credits is told when
 * credits come back; the admin confirms a plan change and cannot set a Stripe subscriber's plan; "Order
 * Email Plus" opens the Email Plus card. Issue 38: a credit pack bought from the dashboard, the credit
 * history that explains it, and moving the account to another address with a code. Screenshots at 1280
 * and 390 px, English and Turkish, light and dark.
 */
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { address, mailedCode, register, sessionOf, useSession } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';

/** The document's width over the window's, with the elements reaching past its right edge (as page-width). */
async function expectNoSideScroll(page: Page, label: string): Promise<void> {
  const found = await page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > innerWidth + 0.5) {
        culprits.push(`${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} right=${Math.round(box.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits: culprits.slice(0, 8) };
  });
  expect(found.scrollWidth, `${label}: ${found.scrollWidth}px\n${found.culprits.join('\n')}`).toBeLessThanOrEqual(
    found.innerWidth,
  );
}

const fake: FakeStripe = await startFakeStripe({ retryDelaysMs: [200, 1000, 3000] });
const ADMIN = `chief.${Date.now().toString(36)}@example.com`;

describeInBrowser('a paying customer (issue 27)', () => {
  const journey = useJourney({
    slowMs: 100,
    env: { ...fake.settings, TRIAL_CREDITS: '3', SIGNUP_CREDITS: '1', ADMIN_EMAILS: ADMIN },
  });
  beforeAll(() => fake.setWebhookUrl(`${journey.stack.baseUrl}/billing/webhook`));
  afterAll(() => fake.close());

  type Session = Awaited<ReturnType<typeof sessionOf>>;
  let admin: Session;
  let trial: Session;
  let gift: Session;
  let giftEmail = '';
  let payerEmail = '';
  let packer: Session;

  async function startTrial(page: Page): Promise<void> {
    await page
      .getByRole('list', { name: 'Plan actions' })
      .getByRole('button', { name: 'Start 7-day trial (£1.99)' })
      .click();
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/account/billing?status=success**');
    await page.getByText('Your plan: Trial. Email search credits: 4.').waitFor({ timeout: 30_000 });
  }

  /** As the admin, in that admin's page: a JSON call with the session cookie. */
  async function adminCall(page: Page, path: string, body: unknown): Promise<number> {
    return page.evaluate(
      async ([p, b]) =>
        (
          await fetch(p as string, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(b),
          })
        ).status,
      [path, body] as const,
    );
  }

  it('upgrading a trial is confirmed first; a declined card leaves the trial as it was, with a clear message', async () => {
    const page = await journey.open('/');
    await register(page, journey.stack, ADMIN, 'Chief');
    admin = await sessionOf(page);

    payerEmail = address('payer');
    const payer = await journey.open('/');
    await register(payer, journey.stack, payerEmail, 'Pat');
    await startTrial(payer);
    await payer.goto('/dashboard');
    const customer = fake.customers().find((c) => c.email === payerEmail)!;
    fake.failPaymentsFor(customer.id, true);

    await payer.getByRole('button', { name: 'Upgrade to Premium (£15.00/month)' }).click();
    const dialog = payer.getByRole('dialog', { name: 'Upgrade to Premium now?' });
    const terms = (await dialog.getByTestId('upgrade-terms').textContent()) ?? '';
    expect(terms).toMatch(/^Today, \d+ \w+ \d{4}, £15\.00 is charged to the card you saved for your trial\./);
    expect(terms).toContain('10 email-search credits now');
    expect(terms).toMatch(/renews every month for £15\.00, next on \d+ \w+ \d{4}/);
    await dialog.getByRole('button', { name: 'Charge £15.00 now' }).click();
    await dialog
      .getByText('Your card was declined. Nothing was charged and your plan has not changed.')
      .waitFor({ timeout: 30_000 });
    await screenshot(payer, 'upgrade-declined', false);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await payer.reload();
    expect(await payer.getByTestId('plan').textContent()).toBe('Trial');
    expect(await payer.getByTestId('credits').textContent()).toBe('4');

    fake.failPaymentsFor(customer.id, false);
    await payer.getByRole('button', { name: 'Upgrade to Premium (£15.00/month)' }).click();
    await payer.getByRole('dialog').getByRole('button', { name: 'Charge £15.00 now' }).click();
    await payer.waitForURL('**/account/billing?status=success**');
    await payer.getByText('Your plan: Premium. Email search credits: 14.').waitFor({ timeout: 30_000 });

    // Another trial user, kept trialing for the screenshots below.
    const other = await journey.open('/');
    await register(other, journey.stack, address('trial'), 'Tina');
    await startTrial(other);
    trial = await sessionOf(other);
  });

  it("the admin confirms a plan change, and cannot set a Stripe subscriber's plan", async () => {
    giftEmail = address('gift');
    const user = await journey.open('/');
    await register(user, journey.stack, giftEmail, 'Gia');
    gift = await sessionOf(user);

    const page = await journey.open('/');
    await useSession(page, admin);
    await page.goto(`/admin?tab=users`);
    await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(payerEmail);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const payerRow = page.locator(`tr[data-email="${payerEmail}"]`);
    await payerRow.getByTestId('plan-from-stripe').waitFor();
    expect(await payerRow.getByRole('button', { name: 'Set plan to Trial' }).isDisabled()).toBe(true);
    // The server refuses it too, whatever the page shows.
    expect(await adminCall(page, '/admin/users/update-plan', { email: payerEmail, plan: 'trial' })).toBe(409);

    await page.getByRole('searchbox', { name: 'Search by email or name' }).fill(giftEmail);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator(`tr[data-email="${giftEmail}"]`);
    await row.getByRole('button', { name: 'Set plan to Premium' }).click();
    const confirm = page.getByRole('dialog', { name: `Set ${giftEmail} to Premium?` });
    await confirm.getByText('Grants 10 email-search credits now, once.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Set to Premium' }).click();
    await page.getByText(`Plan of ${giftEmail} set to Premium. Credits granted: 10; balance 11.`).waitFor();
    // Spent down to 0 for the next journey: a premium user without credits.
    expect(await adminCall(page, '/admin/deduct-credits', { email: giftEmail, credits: 11 })).toBe(200);
  });

  it('buys a credit pack from the dashboard, sees it in the credit history, and moves to another address (issue 38)', async () => {
    const email = address('pack');
    const page = await journey.open('/');
    await register(page, journey.stack, email, 'Pia');
    packer = await sessionOf(page);
    await page.getByRole('button', { name: 'Buy 10 credits (£9.99)' }).click();
    await page.waitForURL(`${fake.url}/checkout/**`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/account/billing?status=success**');
    await page.getByText('Your 10 credits are on your account').waitFor({ timeout: 30_000 });
    await page.goto('/dashboard');
    await page.getByTestId('credits').getByText('11').waitFor();
    const history = page.getByTestId('credit-history');
    await history.getByText('Credit pack bought').waitFor();
    await history.getByText('Welcome credits').waitFor();
    expect(await history.getByTestId('credit-delta').allTextContents()).toEqual(['+10', '+1']);

    await page.goto('/dashboard/settings');
    await page.getByRole('button', { name: 'Change address' }).click();
    const next = address('moved');
    await page.getByLabel('New email address').fill(next);
    const before = journey.stack.smtp.mails().length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('6-digit code').fill(await mailedCode(journey.stack, next, before));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Your address is now ${next}.`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByTestId('settings-email').textContent()).toBe(next);
    const told = await journey.stack.smtp.waitForMail({ to: email, subject: /address was changed/ }, 15_000);
    expect(told.text).not.toContain(next);
    // Stripe's customer (made for the pack) follows the address.
    await expect.poll(() => fake.customers().some((c) => c.email === next), { timeout: 15_000 }).toBe(true);
  });

  // Light and dark alternate across the four runs (as page-width.spec.ts): each language and each width is
  // seen in both themes without more runs.
  const RUNS = [
    { language: 'en', width: 1280, theme: 'light' },
    { language: 'en', width: 390, theme: 'dark' },
    { language: 'tr', width: 1280, theme: 'dark' },
    { language: 'tr', width: 390, theme: 'light' },
  ] as const;
  for (const { language, width, theme } of RUNS) {
    it(`screens at ${width} px in ${language} (${theme}): upgrade confirmation, 0 credits, admin confirmation, Email Plus`, async () => {
      const options = {
        width,
        height: width > 500 ? 900 : 844,
        theme,
        beforeLoad: language === 'tr' ? () => localStorage.setItem('language', 'tr') : undefined,
      };
      const tr = language === 'tr';
      const page = await journey.open('/', options);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      await useSession(page, trial);
      await page.goto('/dashboard');
      await page.getByRole('button', { name: tr ? /Premium'a Yükselt/ : /Upgrade to Premium/ }).click();
      await page.getByRole('dialog').getByTestId('upgrade-terms').waitFor();
      await screenshot(page, `upgrade-confirm-${language}`, false);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: tr ? 'Şimdi değil' : 'Not now' })
        .click();

      await useSession(page, gift);
      await page.goto('/email-search');
      await page.locator('input[type="email"]').first().fill('someone@example.com');
      await page.locator('form button[type="submit"]').first().click();
      const left = page.getByTestId('credits-renew');
      await left.waitFor();
      await page.getByText(tr ? /kendiliğinden yenilenmez/ : /do not renew by themselves/).waitFor();
      expect(await page.getByRole('button', { name: tr ? 'Kredimi Kullan' : 'Use My Credit' }).count()).toBe(0);
      await screenshot(page, `premium-no-credits-${language}`, false);
      await expectNoSideScroll(page, 'premium without credits');

      // "Order Email Plus" on the pricing page → the address first → the modal on the Email Plus card.
      await useSession(page, trial);
      await page.goto('/pricing');
      await page.locator('a[href="/email-search?plus=1"]').click();
      await page.waitForURL('**/email-search?plus=1');
      await page.locator('input[type="email"]').first().fill('target@example.com');
      await page.locator('form button[type="submit"]').first().click();
      const plus = page.getByTestId('plus-card');
      await plus.waitFor();
      expect(await plus.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await screenshot(page, `order-email-plus-${language}`, false);

      await useSession(page, admin);
      await page.goto('/admin');
      await page.locator('tbody tr').first().waitFor();
      const free = page
        .locator('tbody tr')
        .filter({ has: page.locator('button:not([disabled])', { hasText: /^(Trial|Deneme)$/ }) })
        .first();
      await free
        .getByRole('button', { name: tr ? /Deneme/ : /Trial/ })
        .first()
        .click();
      await page.getByTestId('plan-consequences').waitFor();
      await screenshot(page, `admin-plan-confirm-${language}`, false);
      await expectNoSideScroll(page, 'admin plan confirmation');

      // Issue 38: the pack on the dashboard with the credit history, and an address change's code step.
      await useSession(page, packer);
      await page.goto('/dashboard');
      await page.getByTestId('credit-history').getByTestId('credit-entry').first().waitFor();
      await page.getByTestId('buy-credits').waitFor();
      await screenshot(page, `dashboard-pack-history-${language}`);
      await expectNoSideScroll(page, 'dashboard with pack and history');
      await page.goto('/dashboard/settings');
      await page.getByRole('button', { name: tr ? 'Adresi değiştir' : 'Change address' }).click();
      await page
        .getByLabel(tr ? 'Yeni e-posta adresi' : 'New email address')
        .fill(address(`screen-${language}-${width}`));
      await page.getByRole('button', { name: tr ? 'Kod gönder' : 'Send code' }).click();
      await page.getByLabel(tr ? '6 haneli kod' : '6-digit code').waitFor();
      await screenshot(page, `settings-email-change-${language}`);
      await expectNoSideScroll(page, 'settings address change');
    });
  }
});
