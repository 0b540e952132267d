/** The admin page in the browser: overview, search, plan change, the credit modal, audit trail, guard. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { sessionOf, useSession } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';

const ADMIN = 'chief@example.com';

describeInBrowser('admin', () => {
  const journey = useJourney({ slowMs: 100, env: { ADMIN_EMAILS: ADMIN } });

  async function register(page: Page, email: string, first: string): Promise<void> {
    await page.goto('/register');
    await page.getByLabel('First name').fill(first);
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Date of birth').fill('1985-06-15');
    const before = journey.stack.smtp.mails().length;
    await page.getByRole('button', { name: 'Continue' }).click();
    const mail = await journey.stack.smtp.waitForMail({ to: email, after: before });
    await page.getByLabel('6-digit code').fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: `Hello, ${first}` }).waitFor();
  }

  let adminSession: Awaited<ReturnType<typeof sessionOf>>;
  const target = `target.${Date.now().toString(36)}@example.com`;

  it('keeps non-admins out: /admin sends them to the dashboard and shows no Admin link', async () => {
    const page = await journey.open('/');
    await register(page, target, 'Tara');
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/admin');
    await page.waitForURL('**/dashboard');
  });

  it('lets an admin find a user, change the plan and credits, and read the audit trail', async () => {
    const page = await journey.open('/');
    await register(page, ADMIN, 'Chief');
    adminSession = await sessionOf(page);
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.getByText('Total Users').waitFor();

    await page.getByRole('searchbox', { name: 'Search by email or name' }).fill('tara');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Showing 1–1 of 1').waitFor();
    const row = page.locator(`tr[data-email="${target}"]`);
    expect(await page.locator('tbody tr').count()).toBe(1);

    // A plan change is confirmed first, with what it grants (issue 27 item 15, decision 109).
    await row.getByRole('button', { name: 'Set plan to Premium' }).click();
    const confirm = page.getByRole('dialog', { name: `Set ${target} to Premium?` });
    await confirm.getByText('Grants 10 email-search credits now, once.', { exact: false }).waitFor();
    await screenshot(page, 'admin-plan-confirm', false);
    await confirm.getByRole('button', { name: 'Set to Premium' }).click();
    await page.getByText(`Plan of ${target} set to Premium. Credits granted: 10; balance 13.`).waitFor();
    await row.getByRole('cell', { name: 'Premium', exact: true }).waitFor();

    await row.getByRole('button', { name: '+ Credits' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Credits (1–1000)').inputValue()).toBe('1');
    await dialog.getByLabel('Credits (1–1000)').fill('5');
    await dialog.getByLabel('Reason (optional)').fill('Goodwill');
    await dialog.getByRole('button', { name: 'Add credits' }).click();
    await page.getByText('Credits changed: 13 → 18').waitFor();
    await row.getByTestId('user-credits').getByText('18').waitFor();

    await row.getByRole('button', { name: '- Credits' }).click();
    await dialog.getByLabel('Credits (1–1000)').fill('100');
    await dialog.getByRole('button', { name: 'Deduct credits' }).click();
    await dialog.getByText('The user has only 18 credits.').waitFor();
    // An invalid amount falls back to 1.
    await dialog.getByLabel('Credits (1–1000)').fill('abc');
    await dialog.getByRole('button', { name: 'Deduct credits' }).click();
    await page.getByText('Credits changed: 18 → 17').waitFor();

    await page.getByRole('tab', { name: 'Audit trail' }).click();
    await page.getByText('credits.deduct').first().waitFor();
    const audit = (await page.locator('tbody').textContent()) ?? '';
    expect(audit).toContain('user.plan.update');
    expect(audit).toContain('Goodwill');
    expect(audit).toContain('Deducted by admin');
    expect(audit).toContain('credits: 18 → credits: 17');

    // The tab is in the address: a reload and Back keep it.
    await page.waitForURL('**/admin?tab=audit');
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Audit trail' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Email Plus orders' }).click();
    await page.waitForURL('**/admin?tab=orders');
    await page.goBack();
    await page.waitForURL('**/admin?tab=audit');
    expect(await page.getByRole('tab', { name: 'Audit trail' }).getAttribute('aria-selected')).toBe('true');
  });

  it('takes a visitor to the API page from the footer, onto the API news list, and shows the address to the admin', async () => {
    const page = await journey.open('/library');
    await page.getByRole('link', { name: 'API', exact: true }).first().click();
    await page.waitForURL('**/api-access');
    await page.getByRole('heading', { name: 'The Hound API' }).waitFor();
    await page.getByRole('button', { name: 'Get API news by email' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Notify me' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await dialog.getByLabel('Email address').fill('waiting@example.com');
    await dialog.getByRole('button', { name: 'Notify me' }).click();
    await page.getByText('You have been successfully subscribed').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 3000 });

    await useSession(page, adminSession);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'API waitlist' }).click();
    await page.getByText('waiting@example.com').waitFor();
  });

  it('opens the search options from New Search, with the API open (a link to its page)', async () => {
    const page = await journey.open('/');
    await useSession(page, adminSession);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New Search' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: /API.*Open/ }).waitFor();
    await screenshot(page, 'search-options', false);
    await dialog.getByRole('link', { name: /Username/ }).click();
    await page.waitForURL('**/username-search');
  });

  for (const width of [1280, 390] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`screenshots of the admin page and credit modal at ${width} px, ${theme}`, async () => {
        const page = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
        await useSession(page, adminSession);
        await page.goto('/admin');
        await page.getByText('Total Users').waitFor();
        await page.locator('tbody tr').first().waitFor();
        await screenshot(page, 'admin-users');
        await page.locator('tbody tr').first().getByRole('button', { name: '+ Credits' }).click();
        await page.getByRole('dialog').waitFor();
        await screenshot(page, 'admin-credit-modal', false);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('tab', { name: 'Audit trail' }).click();
        await page.locator('tbody tr').first().waitFor();
        await screenshot(page, 'admin-audit', false);
        await page.goto('/api-access');
        await page.getByRole('button', { name: 'Get API news by email' }).click();
        await page.getByRole('dialog').getByText('Notify me').waitFor();
        await screenshot(page, 'api-waitlist-modal', false);
      });
    }
  }
});
