/**
 * Accounts in the browser: register and sign in with codes read from the testkit's SMTP server, protected
 * deep links, settings, account deletion, and a signed-in username search under My Searches.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { address, mailedCode as mailedCodeFrom, register as registerIn, sessionOf } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

describeInBrowser('accounts', () => {
  const journey = useJourney({ slowMs: 300 });

  const mailedCode = (to: string, after: number) => mailedCodeFrom(journey.stack, to, after);
  const register = (page: Page, email: string, first?: string) => registerIn(page, journey.stack, email, first);

  async function signIn(page: Page, email: string): Promise<void> {
    await page.getByLabel('Email address').fill(email);
    const before = journey.stack.smtp.mails().length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('6-digit code').fill(await mailedCode(email, before));
    await page.getByRole('button', { name: 'Verify' }).click();
  }

  it('registers with the mailed code, lands on the dashboard, signs out and back in', async () => {
    const page = await journey.open('/register');
    // No header and no footer on the account pages.
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    // The live age rule.
    await page.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 10}-01-01`);
    await page.getByText('You must be 18 years or older to register.').waitFor();

    const email = address('ann');
    await register(page, email);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByTestId('plan').textContent()).toBe('Free');
    // The session is an HttpOnly cookie (decision 098): nothing in localStorage, nothing a script can read.
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const [cookie] = (await sessionOf(page)).cookies;
    expect(cookie).toMatchObject({ name: 'hound_session', httpOnly: true, sameSite: 'Strict', path: '/' });
    // The header's mode switch leads to the email page, where the header offers the Dashboard.
    await page.getByRole('link', { name: /Email$/ }).click();
    await page.waitForURL('**/email-search');
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Hello, Ann' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/username-search');
    // Logout cleared the cookie.
    expect((await page.context().cookies()).filter((c) => c.name.endsWith('hound_session'))).toEqual([]);

    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    const before = journey.stack.smtp.mails().length;
    await page.getByRole('button', { name: 'Send code' }).click();
    // A wrong code first: the spec's message, and the form stays.
    const code = await mailedCode(email, before);
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid code').waitFor();
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Hello, Ann' }).waitFor();
  });

  it('sends a protected deep link to login and back to it afterwards', async () => {
    const email = address('deep');
    const setup = await journey.open('/register');
    await register(setup, email, 'Dee');
    // Signed out in this browser: no session cookie, no mark.
    await setup.context().clearCookies();
    await setup.evaluate(() => localStorage.removeItem('auth.signedIn'));

    await setup.goto('/dashboard/settings');
    await setup.waitForURL('**/login');
    await signIn(setup, email);
    await setup.waitForURL('**/dashboard/settings');
    await setup.getByRole('heading', { name: 'Settings' }).waitFor();
  });

  it('masks the email in settings until Show, saves names, and deletes the account', async () => {
    const email = address('settings');
    const page = await journey.open('/register');
    await register(page, email, 'Sam');
    await page.getByRole('link', { name: 'Settings' }).click();
    const shown = page.getByTestId('settings-email');
    expect(await shown.textContent()).toBe(`${email.slice(0, 3)}${'•'.repeat(email.length - 3)}`);
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await shown.textContent()).toBe(email);
    await page.getByRole('button', { name: 'Hide' }).click();
    expect(await shown.textContent()).not.toContain('@');

    await page.getByLabel('First name').fill('Samuel');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Hello, Samuel' }).waitFor();

    await page.goto('/dashboard/settings');
    const remove = page.getByRole('button', { name: 'Delete my account' });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByLabel('Your email address').fill(email);
    await remove.click();
    await page.waitForURL('**/username-search');
    await page.getByText('Your account has been deleted.').waitFor();
    // The address has no account any more: signing in mails "no account" rather than a code.
    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    const before = journey.stack.smtp.mails().length;
    await page.getByRole('button', { name: 'Send code' }).click();
    const mail = await journey.stack.smtp.waitForMail({ to: email, after: before });
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
  });

  it('lists a signed-in username search under My Searches with its found profiles', async () => {
    const page = await journey.open('/register');
    await register(page, address('searcher'), 'Sid');
    await page.getByRole('button', { name: 'New Search' }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /Username/ })
      .click();
    await search(page, USERNAME);
    await waitForCompletion(page);
    await page.goto('/dashboard/my-searches');
    await page.getByText(USERNAME, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Show profiles' }).click();
    await page.getByText('GitHub', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Open profile' }).count()).toBeGreaterThan(0);
  });

  for (const width of [1280, 390] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`screenshots of login, register, dashboard and settings at ${width} px, ${theme}`, async () => {
        const height = width > 500 ? 900 : 844;
        const page = await journey.open('/login', { width, height, theme });
        await page.getByRole('heading', { name: /Sign in to/ }).waitFor();
        await screenshot(page, 'login-email', false);
        const email = address(`shot${width}${theme}`);
        await page.getByLabel('Email address').fill(email);
        await page.getByRole('button', { name: 'Send code' }).click();
        await page.getByLabel('6-digit code').waitFor();
        await screenshot(page, 'login-code', false);
        await page.goto('/register');
        await page.getByRole('heading', { name: /Create your/ }).waitFor();
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByText('Date of birth is required.').waitFor();
        await screenshot(page, 'register-errors', false);
        // The most crowded header: a visitor on the email page (Login and Register buttons).
        await page.goto('/email-search');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await screenshot(page, 'email-search-visitor', false);
        await page.goto('/register');
        await register(page, email, 'Ann');
        await screenshot(page, 'dashboard', false);
        await page.goto('/email-search');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await screenshot(page, 'email-search', false);
        await page.goto('/dashboard/settings');
        await page.getByRole('heading', { name: 'Settings' }).waitFor();
        await screenshot(page, 'settings');
      });
    }
  }
});
