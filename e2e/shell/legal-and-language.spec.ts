/**
 * Issue 27 items 17 and 18 and the Email Plus card's address, in Chromium at 1280 and 390 px:
 * the legal pages in English and Turkish (screenshots, no sideways scroll), the account's saved language
 * applied when signing in on a new device (saved from Settings or the header's switch), a server error shown
 * in Turkish, and a long address in the Hound Email and Email Plus cards and the email dialog's results title
 * that wraps between its parts instead of mid-word. The legal pages and the title are shot light and dark.
 */
import { type FakeStripe, startFakeStripe } from '@hound/testkit';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { address, mailedCode, register } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';
import { midWordBreaks } from '../support/line-breaks.ts';
import type { Stack } from '../support/stack.ts';

// Payments must be on for the Email Plus card to save a lead (no payment is made here).
const fake: FakeStripe = await startFakeStripe();

const WIDTHS = [1280, 390] as const;

async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label} is wider than the window`).toBeLessThanOrEqual(innerWidth);
}

/** Signs in with a mailed code on `page` (a fresh context: nothing stored). */
async function signIn(page: Page, stack: Stack, email: string, wrongCodeFirst = false): Promise<void> {
  await page.goto('/login');
  const before = stack.smtp.mails().length;
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await mailedCode(stack, email, before);
  if (wrongCodeFirst) {
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('Invalid code').waitFor();
  }
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describeInBrowser('legal pages and the page language', () => {
  const journey = useJourney({ env: { ...fake.settings } });
  afterAll(() => fake.close());

  const PAGES = [
    {
      path: '/privacy',
      en: 'Privacy Policy',
      tr: 'Gizlilik Politikası',
      en2: /Have I Been Pwned/,
      tr2: /Have I Been Pwned/,
    },
    {
      path: '/terms',
      en: 'Terms & Conditions',
      tr: 'Şartlar ve Koşullar',
      en2: /renew automatically/,
      tr2: /otomatik olarak yenilenir/,
    },
    { path: '/email-terms', en: 'Email Terms', tr: 'E-posta Şartları', en2: /Email Plus/, tr2: /Email Plus/ },
  ];

  for (const width of WIDTHS) {
    // Light and dark alternate (as page-width.spec.ts): English light and Turkish dark at 1280 px, the other
    // way round at 390 px, so each language and width is seen in both themes.
    const first = width === 1280 ? 'light' : 'dark';
    it(`shows Privacy, Terms and Email Terms in English and Turkish at ${width} px, light and dark`, async () => {
      const page = await journey.open('/', { width, theme: first });
      for (const language of ['en', 'tr'] as const) {
        if (language === 'tr') {
          await page
            .getByRole('banner')
            .getByRole('button', { name: first === 'light' ? 'Switch to dark theme' : 'Switch to light theme' })
            .click();
          await page.getByRole('banner').getByLabel('Language').selectOption('tr');
        }
        const dark = (language === 'en') === (first === 'dark');
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
        for (const legal of PAGES) {
          await page.goto(legal.path);
          await page.getByRole('heading', { level: 1, name: legal[language] }).waitFor();
          await page.locator('[data-visible="true"]').waitFor();
          expect(
            await page
              .getByText(legal[language === 'en' ? 'en2' : 'tr2'])
              .first()
              .isVisible(),
          ).toBe(true);
          await expectNoSidewaysScroll(page, `${legal.path} (${language}, ${width} px)`);
          await screenshot(page, `legal${legal.path.replace('/', '-')}-${language}`, width === 390);
        }
      }
      // The page follows a language switch without a reload.
      await page.getByRole('banner').getByLabel('Dil').selectOption('en');
      await page.getByRole('heading', { level: 1, name: 'Email Terms' }).waitFor();
    });
  }

  it('a new device takes the saved language at sign-in; server errors then come in Turkish', async () => {
    const email = address('lang');
    const first = await journey.open('/');
    await register(first, journey.stack, email, 'Lale');
    await first.goto('/dashboard/settings');
    const saved = first.waitForResponse((r) => r.url().endsWith('/me/profile') && r.request().method() === 'PATCH');
    await first.locator('main').getByLabel('Language').selectOption('tr');
    expect((await saved).ok()).toBe(true);

    // A fresh browser context: no stored language, so the sign-in pages are English.
    const fresh = await journey.open('/', { width: 390 });
    expect(await fresh.evaluate(() => localStorage.getItem('language'))).toBeNull();
    await signIn(fresh, journey.stack, email, true);
    await fresh.getByRole('heading', { name: 'Merhaba, Lale' }).waitFor();
    expect(await fresh.evaluate(() => document.documentElement.lang)).toBe('tr');
    expect(await fresh.evaluate(() => localStorage.getItem('language'))).toBe('tr');
    await expectNoSidewaysScroll(fresh, 'dashboard after sign-in (tr, 390 px)');
    await screenshot(fresh, 'saved-language-dashboard-tr');

    // A wrong code in the Turkish app: the server's "Invalid code" in Turkish.
    const third = await journey.open('/', { beforeLoad: () => localStorage.setItem('language', 'tr') });
    await third.goto('/login');
    const before = journey.stack.smtp.mails().length;
    await third.getByLabel('E-posta adresi').fill(email);
    await third.getByRole('button', { name: 'Kod gönder' }).click();
    await mailedCode(journey.stack, email, before);
    await third.getByLabel('6 haneli kod').fill('000001');
    await third.getByRole('button', { name: 'Doğrula' }).click();
    await third.getByRole('alert').getByText('Geçersiz kod').waitFor();
  });

  it('the header’s language switch is saved to the signed-in account (as Settings’ is)', async () => {
    const email = address('header.lang');
    const page = await journey.open('/');
    await register(page, journey.stack, email, 'Hale');
    const saved = page.waitForResponse((r) => r.url().endsWith('/me/profile') && r.request().method() === 'PATCH');
    await page.getByRole('banner').getByLabel('Language').selectOption('tr');
    expect((await saved).ok()).toBe(true);
    // Another device, nothing stored: signing in brings the language the header saved.
    const fresh = await journey.open('/');
    await signIn(fresh, journey.stack, email);
    await fresh.getByRole('heading', { name: 'Merhaba, Hale' }).waitFor();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the email dialog’s results title wraps a long address between its parts at 390 px, ${theme}`, async () => {
      const page = await journey.open('/', { width: 390, height: 844, theme });
      await register(page, journey.stack, address(`title.${theme}`), 'Tia');
      const target = 'firstname.middlename.lastname@dept.example-company.co.uk';
      await page.goto(`/email-search?email=${encodeURIComponent(target)}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Use My Credit' }).click();
      const title = dialog.getByRole('heading', { name: `Accounts for ${target}` });
      await title.waitFor({ timeout: 30_000 });
      expect(await title.getAttribute('title')).toBe(target);
      expect(await midWordBreaks(title)).toEqual([]);
      await expectNoSidewaysScroll(page, `email dialog results (${theme})`);
      await screenshot(page, 'email-results-title-address', false);
    });
  }

  for (const width of WIDTHS) {
    it(`the Hound Email and Email Plus cards wrap a long address between its parts at ${width} px`, async () => {
      const page = await journey.open('/', { width });
      await register(page, journey.stack, address('plus.card'), 'Pia');
      const target = 'firstname.middlename.lastname@department.example-company.co.uk';
      await page.goto(`/email-search?email=${encodeURIComponent(target)}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const dialog = page.getByRole('dialog');
      // The Hound Email card names the address the same way.
      const cardText = dialog.getByTestId('email-card-text');
      expect(await cardText.getAttribute('title')).toBe(target);
      expect(await cardText.textContent()).toBe(`Registered site accounts for ${target}.`);
      expect(await midWordBreaks(cardText)).toEqual([]);
      await cardText.scrollIntoViewIfNeeded();
      await screenshot(page, 'email-card-address', false);
      await dialog.getByLabel('Why do you need this report?').fill('Checking my own exposure online');
      await dialog.getByLabel(/I accept the Email Terms/).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      const lead = dialog.getByTestId('plus-lead');
      await lead.waitFor();
      expect(await lead.getAttribute('title')).toBe(target);
      expect(await lead.textContent()).toContain(target);
      // The line breaks only at a space, after "@" or "-", or before ".": never inside a word.
      expect(await midWordBreaks(lead)).toEqual([]);
      await expectNoSidewaysScroll(page, `email modal (${width} px)`);
      await lead.scrollIntoViewIfNeeded();
      await screenshot(page, 'email-plus-card-address', false);
    });
  }
});
