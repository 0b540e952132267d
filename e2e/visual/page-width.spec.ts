/**
 * No page scrolls sideways on a phone (issue 27 item 8): every page of the app, signed out and signed in
 * (as an admin, who sees every page), in English and Turkish, at 360 and 390 px, in the light and the dark
 * theme (alternating across the four runs, so each language, width and theme is covered without more runs).
 * A page fails when the document is wider than the window; the message names the elements that stick out.
 * Screenshots of each page go to e2e/artifacts/width-*.png.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { register, sessionOf, useSession } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

const ADMIN = `width.admin.${Date.now().toString(36)}@example.com`;

const PUBLIC_PAGES = [
  '/',
  '/email-search',
  '/library',
  '/library/investigating-leaks',
  '/pricing',
  '/terms',
  '/email-terms',
  '/privacy',
  '/contact',
  '/licenses',
  '/account/billing',
  '/no-such-page',
  '/graph',
  '/login',
  '/register',
];
const ACCOUNT_PAGES = ['/dashboard', '/dashboard/my-searches', '/dashboard/billing', '/dashboard/settings', '/admin'];

/** The document's width over the window's, and the elements reaching past its right edge. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > innerWidth + 0.5) {
        const name = `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')
          .split(' ')
          .slice(0, 4)
          .join('.')}`;
        culprits.push(`${name} right=${Math.round(box.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits: culprits.slice(0, 8) };
  });
}

async function expectNoSidewaysScroll(page: Page, label: string, language: string): Promise<void> {
  // Fonts and lazy chunks settle first, so the measure is of the page as shown.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(150);
  const { width } = page.viewportSize()!;
  const slug = label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  await screenshot(page, `width-${slug}-${language}`, false);
  const found = await overflow(page);
  // Soft: one run lists every page that scrolls, not only the first.
  expect
    .soft(
      found.scrollWidth,
      `${label} (${language}, ${width} px) is ${found.scrollWidth} px wide:\n${found.culprits.join('\n')}`,
    )
    .toBeLessThanOrEqual(found.innerWidth);
}

describeInBrowser('page width on phones', () => {
  const journey = useJourney({ slowMs: 100, env: { ADMIN_EMAILS: ADMIN } });
  let adminSession: Awaited<ReturnType<typeof sessionOf>>;
  let searchPath = '';

  it('signs an admin up and runs one username search to look at', async () => {
    const page = await journey.open('/');
    await register(page, journey.stack, ADMIN, 'Wendy');
    adminSession = await sessionOf(page);
    await page.goto('/');
    await search(page, USERNAME);
    await page.waitForURL('**/search/*');
    await waitForCompletion(page);
    searchPath = new URL(page.url()).pathname;
  });

  const RUNS = [
    { language: 'en', width: 360, theme: 'light' },
    { language: 'en', width: 390, theme: 'dark' },
    { language: 'tr', width: 360, theme: 'dark' },
    { language: 'tr', width: 390, theme: 'light' },
  ] as const;
  for (const { language, width, theme } of RUNS) {
    it(`no page scrolls sideways at ${width} px in ${language} (${theme} theme), signed out and signed in`, async () => {
      const page = await journey.open('/', {
        width,
        height: 800,
        theme,
        beforeLoad: language === 'tr' ? () => localStorage.setItem('language', 'tr') : undefined,
      });
      // The theme follows the system's colour scheme: the dark run really shows the dark theme.
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      for (const p of PUBLIC_PAGES) {
        await page.goto(p);
        await expectNoSidewaysScroll(page, p, language);
      }
      // The email page with an address typed in, then the signed-out dialog.
      await page.goto('/email-search');
      const box = page.locator('input[type="email"]').first();
      await box.fill(EMAIL_REGISTERED);
      // The address box keeps its height on a phone (it was squeezed to 21 px by flex-1 in a column).
      expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await expectNoSidewaysScroll(page, '/email-search filled', language);

      await useSession(page, adminSession);
      for (const p of [...ACCOUNT_PAGES, searchPath]) {
        await page.goto(p);
        await expectNoSidewaysScroll(page, `${p} signed in`, language);
      }
      // The admin page's other tabs (users is its first).
      for (const tab of [1, 2, 3]) {
        await page.goto('/admin');
        await page.getByRole('tab').nth(tab).click();
        await expectNoSidewaysScroll(page, `/admin tab ${tab}`, language);
      }
      await page.goto('/email-search');
      await expectNoSidewaysScroll(page, '/email-search signed in', language);
      await page.locator('input[type="email"]').first().fill(EMAIL_REGISTERED);
      await page.locator('form button[type="submit"]').first().click();
      await page.getByRole('dialog').waitFor();
      await expectNoSidewaysScroll(page, '/email-search dialog', language);
    });
  }
});
