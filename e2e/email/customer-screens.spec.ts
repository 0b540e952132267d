/**
 * What a customer sees around an email search (issue 27 items 4, 9, 10, 11): the header's credit balance
 * kept current without a reload, both kinds of search listed newest first, a search's own address that
 * reopens it after a reload or Back, and errors, Esc and a close button inside the modal. Screenshots at
 * 1280 and 390 px in English and Turkish.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { address, register, sessionOf } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

const ADMIN = `screens.admin.${Date.now().toString(36)}@example.com`;

describeInBrowser('customer screens around email search', () => {
  const journey = useJourney({ slowMs: 100, env: { ADMIN_EMAILS: ADMIN, SIGNUP_CREDITS: '3' } });
  let adminToken = '';
  let customer = '';
  let customerSession: Awaited<ReturnType<typeof sessionOf>>;
  let emailSearchPath = '';

  const headerCredits = (page: Page) => page.getByTestId('header-credits');
  /** Waits until the header shows `count` credits. */
  const creditsShown = (page: Page, count: number) =>
    page.waitForFunction(
      (n) => document.querySelector('[data-testid="header-credits"]')?.textContent?.trim().startsWith(String(n)),
      count,
      { timeout: 15_000 },
    );
  const changeCredits = async (direction: 'grant' | 'deduct', credits: number) => {
    const res = await fetch(`${journey.stack.baseUrl}/admin/${direction}-credits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: customer, credits }),
    });
    expect(res.status).toBe(200);
  };

  it('keeps the balance current, lists both kinds newest first, and reopens an email search at its address', async () => {
    const adminPage = await journey.open('/');
    await register(adminPage, journey.stack, ADMIN, 'Ada');
    adminToken = (await sessionOf(adminPage)).token;

    const page = await journey.open('/');
    customer = address('customer');
    await register(page, journey.stack, customer, 'Ivy');
    customerSession = await sessionOf(page);
    await creditsShown(page, 3);
    expect(await headerCredits(page).getAttribute('title')).toBe('Email search credits: 3');

    // A username search first, then an email search: the email search is the newest.
    await page.goto('/');
    await search(page, USERNAME);
    await waitForCompletion(page);

    await page.goto('/email-search');
    // A marker that a reload would wipe: every later check happens in this same document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByLabel('Email address').fill(EMAIL_REGISTERED);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Remaining credits: 3').waitFor();
    journey.stack.internet.fault('api.x.com', { kind: 'latency', ms: 4000 });
    await dialog.getByRole('button', { name: 'Use My Credit' }).click();
    await page.waitForURL(/\/email-search\/[^/]+$/);
    emailSearchPath = new URL(page.url()).pathname;
    await creditsShown(page, 2);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // The modal has no close control while the checks run.
    await dialog.getByRole('progressbar').waitFor();
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);

    // Reloaded while running: the same search is followed on, not lost.
    await page.reload();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('dialog').getByRole('progressbar').waitFor();
    journey.stack.internet.fault('api.x.com', null);
    await dialog.getByRole('heading', { name: `Accounts for ${EMAIL_REGISTERED}` }).waitFor({ timeout: 30_000 });

    // Esc closes the results step and leaves the search's address; Back reopens the finished search.
    await page.keyboard.press('Escape');
    await page.waitForURL('**/email-search');
    // The address changes first; the dialog leaves with the next render (a moment later on a busy machine).
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 10_000 });
    await page.goBack();
    await page.waitForURL(`**${emailSearchPath}`);
    await dialog.getByRole('heading', { name: `Accounts for ${EMAIL_REGISTERED}` }).waitFor();
    // The top close button (the first of the two) closes it too.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.waitForURL('**/email-search');

    // Dashboard: both kinds, newest first, and the same balance as the header.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const recent = page.getByTestId('all-searches').locator(':scope > li');
    await recent.first().waitFor();
    expect(await recent.count()).toBe(2);
    expect(await recent.nth(0).textContent()).toContain(EMAIL_REGISTERED);
    expect(await recent.nth(0).textContent()).toContain('Email search');
    expect(await recent.nth(1).textContent()).toContain(USERNAME);
    expect(await recent.nth(1).textContent()).toContain('Username search');
    expect(await page.getByText('No searches yet.').count()).toBe(0);
    expect(await page.getByTestId('credits').textContent()).toBe('2');

    // My Searches: both kinds under a subtitle that says so; "Open" goes to the search's address.
    await page.getByRole('link', { name: 'My Searches' }).first().click();
    await page.getByText(/Username and email searches you ran while signed in/).waitFor();
    const all = page.getByTestId('all-searches').locator(':scope > li');
    await all.first().waitFor();
    expect(await all.count()).toBe(2);
    await all.nth(0).getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(`**${emailSearchPath}`);
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: `Accounts for ${EMAIL_REGISTERED}` })
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // An admin grant reaches Billing and the header when the tab is looked at again, without a reload.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('link', { name: 'Billing' }).first().click();
    await page.getByTestId('credits').waitFor();
    expect(await page.getByTestId('credits').textContent()).toBe('2');
    await changeCredits('grant', 5);
    // What the browser fires when the tab is shown again (it bubbles from the document to the window).
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await creditsShown(page, 7);
    await page.waitForFunction(() => document.querySelector('[data-testid="credits"]')?.textContent === '7');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  it('shows a failed start as red text under the button inside the modal', async () => {
    const page = await journey.open('/', { width: 390, height: 844 });
    await page.context().addCookies(customerSession.cookies);
    await page.evaluate(() => localStorage.setItem('auth.signedIn', '1'));
    await page.goto('/email-search');
    await page.getByLabel('Email address').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Remaining credits: 7').waitFor();
    // The balance goes to 0 behind the page's back: the server refuses the credit, and the modal says so.
    await changeCredits('deduct', 7);
    await dialog.getByRole('button', { name: 'Use My Credit' }).click();
    const error = dialog.getByTestId('modal-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Not enough credits');
    // The balance shown is the server's again.
    await dialog.getByText('Remaining credits: 0').waitFor();
    await creditsShown(page, 0);
    expect(await error.getAttribute('class')).toContain('text-red-700');
    await screenshot(page, 'email-modal-error', false);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await changeCredits('grant', 2);
  });

  for (const language of ['en', 'tr'] as const) {
    it(`says an empty field is required and a non-address is not an address, in ${language}`, async () => {
      const text = {
        en: { submit: 'Continue', search: 'Search', first: 'First name is required.', last: 'Last name is required.' },
        tr: { submit: 'Devam et', search: 'Ara', first: 'Ad zorunludur.', last: 'Soyad zorunludur.' },
      }[language];
      const malformed = {
        en: 'Enter a valid email address, like name@example.com.',
        tr: 'ad@ornek.com gibi geçerli bir e-posta adresi girin.',
      }[language];
      const page = await journey.open('/register', {
        width: 390,
        height: 844,
        beforeLoad: language === 'tr' ? () => localStorage.setItem('language', 'tr') : undefined,
      });
      await page.locator('input[type="email"]').fill('not-an-email');
      await page.getByRole('button', { name: text.submit, exact: true }).click();
      await page.getByText(text.first, { exact: true }).waitFor();
      await page.getByText(text.last, { exact: true }).waitFor();
      await page.getByText(malformed, { exact: true }).waitFor();
      expect(await page.getByText(/Max 50|En fazla 50|Max 70|En fazla 70/).count()).toBe(0);
      await screenshot(page, `register-validation-${language}`);

      await page.goto('/email-search');
      // The illustrative sample cards carry no "View" chip that leads nowhere (item 16).
      await page.getByTestId('latest-column').first().waitFor();
      expect(await page.getByText(/^(View|Görüntüle)$/).count()).toBe(0);
      const box = page.locator('input[type="email"]').first();
      await box.fill('not-an-email');
      await page.getByRole('button', { name: text.search, exact: true }).click();
      await page.getByText(malformed, { exact: true }).waitFor();
      await box.fill('a$b@example.com');
      await page.getByRole('button', { name: text.search, exact: true }).click();
      await page.getByText(/Max 70|En fazla 70/).waitFor();
      await screenshot(page, `email-validation-${language}`, false);
    });
  }

  it('words the sign-in code step so that it fits an address with no account, in en and tr', async () => {
    for (const [language, button, words] of [
      ['en', 'Send code', /If the address has an account, it holds a 6-digit code.*if not, it says how to create one/],
      ['tr', 'Kod gönder', /Adresin bir hesabı varsa.*yoksa nasıl hesap oluşturulacağı anlatılır/],
    ] as const) {
      const page = await journey.open('/login', {
        width: 390,
        height: 844,
        beforeLoad: language === 'tr' ? () => localStorage.setItem('language', 'tr') : undefined,
      });
      const nobody = address(`nobody${language}`);
      const before = journey.stack.smtp.mails().length;
      await page.locator('input[type="email"]').fill(nobody);
      await page.getByRole('button', { name: button }).click();
      await page.getByText(words).waitFor();
      // The mail this address got says there is no account: the page did not claim a code was sent.
      const mail = await journey.stack.smtp.waitForMail({ to: nobody, after: before });
      expect(mail.text).not.toMatch(/\b\d{6}\b/);
      await screenshot(page, `login-code-step-${language}`, false);
    }
  });

  for (const width of [1280, 390] as const) {
    for (const language of ['en', 'tr'] as const) {
      it(`screenshots of the header balance, a reopened search, Dashboard and My Searches at ${width} px, ${language}`, async () => {
        const page = await journey.open('/', {
          width,
          height: width > 500 ? 900 : 844,
          beforeLoad: language === 'tr' ? () => localStorage.setItem('language', 'tr') : undefined,
        });
        await page.context().addCookies(customerSession.cookies);
        await page.evaluate(() => localStorage.setItem('auth.signedIn', '1'));
        expect(emailSearchPath).toMatch(/^\/email-search\/./);
        await page.goto(emailSearchPath);
        await headerCredits(page).waitFor();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('list').first().waitFor();
        await screenshot(page, `email-reopened-${language}`, false);
        await page.keyboard.press('Escape');
        await page.goto('/dashboard');
        await page.getByTestId('all-searches').waitFor();
        await screenshot(page, `dashboard-searches-${language}`);
        await page.goto('/dashboard/my-searches');
        await page.getByTestId('all-searches').waitFor();
        await screenshot(page, `my-searches-all-${language}`);
      });
    }
  }
});
