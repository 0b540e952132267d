/**
 * Email results that show their evidence (issue 26 items 3 and 4, decision 107), in Chromium against the
 * testkit's fakes of the shipped email catalogue: the counts, the breaches (HIBP set up), each account with
 * how it was decided, its profile and details, site logos through the favicon proxy, the folded groups with
 * their reasons, the same in My Searches, and the username pivot. Screenshots at 1280 and 390 px, English
 * and Turkish, light and dark; no sideways scroll.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { address, register } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

/** The host whose checks are answered by a bot-protection page: "could not check", with the reason. */
const BLOCKED_HOST = 'api.x.com';

const COPY = {
  en: {
    search: 'Search',
    use: 'Use My Credit',
    title: `Accounts for ${EMAIL_REGISTERED}`,
    breaches: 'Breaches (1)',
    github: 'The sign-up form says this address is already in use.',
    unknown: /^Could not check \(\d+\)$/,
    blocked: 'The site answered with a bot-protection or captcha page.',
    show: 'Show accounts',
  },
  tr: {
    search: 'Ara',
    use: 'Kredimi Kullan',
    title: `${EMAIL_REGISTERED} için hesaplar`,
    breaches: 'Veri ihlalleri (1)',
    github: 'Kayıt formu bu adresin zaten kullanıldığını söylüyor.',
    unknown: /^Kontrol edilemedi \(\d+\)$/,
    blocked: null,
    show: 'Hesapları göster',
  },
} as const;

async function noSidewaysScroll(page: Page, where: string) {
  const wide = await page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      dialog: dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
    };
  });
  expect([where, wide]).toEqual([where, { page: 0, dialog: 0 }]);
}

/** Every logo image in the element has loaded from the favicon proxy (a real image, not the initial). */
async function logosLoaded(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(`${sel} img[src^="/api/favicon/"]`)];
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    selector,
    { timeout: 20_000 },
  );
}

/** Logos in view have loaded or fallen back to the initial, so a screenshot shows what a visitor sees. */
async function logosSettled(page: Page) {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLImageElement>('img[src^="/api/favicon/"]')]
        .filter((img) => {
          const box = img.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight;
        })
        .every((img) => img.complete),
    undefined,
    { timeout: 20_000 },
  );
}

describeInBrowser('email results with their evidence', () => {
  const journey = useJourney({ slowMs: 100, env: { SIGNUP_CREDITS: '1', HIBP_API_KEY: 'e2e-hibp-key' } });

  /** Registers, runs an email search for the registered address and waits for its results. */
  async function searchEmail(page: Page, language: 'en' | 'tr', name: string) {
    const c = COPY[language];
    await register(page, journey.stack, address(name), 'Ivy');
    // The sign-up steps are driven in English; the language is chosen afterwards, as a visitor would.
    if (language === 'tr') await page.evaluate(() => localStorage.setItem('language', 'tr'));
    await page.goto('/email-search');
    await page.locator('input[type="email"]').first().fill(EMAIL_REGISTERED);
    await page.getByRole('button', { name: c.search, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: c.use }).click();
    await dialog.getByRole('heading', { name: c.title }).waitFor({ timeout: 60_000 });
    return dialog;
  }

  it('shows counts, breaches, evidence, details and logos, the same in My Searches, and pivots to a username search', async () => {
    journey.stack.internet.fault(BLOCKED_HOST, { kind: 'waf', vendor: 'cloudflare' });
    const page = await journey.open('/', { width: 1280, height: 900 });
    const dialog = await searchEmail(page, 'en', 'evidence');
    journey.stack.internet.fault(BLOCKED_HOST, null);

    const count = async (key: string) =>
      Number(
        await dialog
          .locator(`[data-count="${key}"]`)
          .textContent()
          .then((t) => t?.replace(/\D/g, '')),
      );
    const [asked, found, notFound, unknown] = (await Promise.all(
      ['asked', 'found', 'notFound', 'unknown'].map((k) => count(k)),
    )) as [number, number, number, number];
    expect(found).toBeGreaterThan(100);
    expect(unknown).toBeGreaterThanOrEqual(1);
    expect(asked).toBe(found + notFound + unknown);

    const breaches = dialog.getByTestId('breaches');
    await breaches.getByText('Breaches (1)').waitFor();
    await breaches.getByText('Adobe').waitFor();
    await breaches.getByText('Email addresses, Passwords').waitFor();
    // The breach's date as people read it, not as ISO.
    expect(await breaches.textContent()).not.toMatch(/\d{4}-\d\d-\d\d/);

    const accounts = dialog.getByRole('list', { name: COPY.en.title });
    const github = accounts.locator('li[data-site="github"]');
    await github.getByText(COPY.en.github).waitFor();
    // No page per address: the toggle shows the evidence and says so (spec 001's "Show links" is for links).
    await github.getByRole('button', { name: 'Show evidence' }).click();
    await github.getByText('No public page per address to link to.').waitFor();
    await github.getByText('status 422 and body contains "already associated"').waitFor();
    const gravatar = accounts.locator('li[data-site="gravatar"]');
    await gravatar.getByText('A public profile exists for this address.').waitFor();
    await gravatar.getByText('Alex Example').waitFor();
    await gravatar.getByRole('button', { name: 'Show links' }).click();
    expect(await gravatar.getByRole('link', { name: 'Open profile' }).getAttribute('href')).toMatch(
      /^https:\/\/gravatar\.com\/[0-9a-f]{64}$/,
    );
    await accounts.locator('li[data-site="duolingo"]').getByRole('link', { name: 'alexexample' }).waitFor();
    // The spec's "old record" line belongs to old records only.
    expect(await dialog.getByText("No site links found for this record or it's an old record.").count()).toBe(0);
    await logosLoaded(page, 'dialog[open] li[data-site="gravatar"]');
    await logosLoaded(page, 'dialog[open] li[data-site="github"]');

    await dialog.getByRole('button', { name: COPY.en.unknown }).click();
    // The check behind the WAF is among them with its reason (others may be unknown too: the group is in
    // catalogue order).
    await dialog.locator('[data-testid="group-unknown"] li').getByText(COPY.en.blocked!).first().waitFor();
    await logosSettled(page);
    await screenshot(page, 'email-evidence-modal', false);
    await noSidewaysScroll(page, 'modal 1280 en');

    // My Searches opens the same evidence from the stored search.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.goto('/dashboard/my-searches');
    const log = page.getByTestId('email-log').first();
    await log.getByTestId('email-log-counts').getByText(`Sites asked: ${asked}`).waitFor();
    await log.getByRole('button', { name: COPY.en.show }).click();
    await log.getByTestId('breaches').getByText('Adobe').waitFor();
    await log.locator('li[data-site="github"]').getByText(COPY.en.github).waitFor();
    // Logos load lazily (site-icon.tsx): the row is brought into view first, as a reader scrolling to it would.
    await log.locator('li[data-site="gravatar"]').scrollIntoViewIfNeeded();
    await logosLoaded(page, '[data-testid="email-log"] li[data-site="gravatar"]');
    await log.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await logosSettled(page);
    await screenshot(page, 'email-evidence-my-searches', false);

    // One click on a username the checks returned runs that username search.
    await log.locator('li[data-site="duolingo"]').getByRole('link', { name: 'alexexample' }).click();
    await page.getByRole('heading', { name: 'Results for "alexexample"' }).waitFor({ timeout: 60_000 });
    await page.waitForURL('**/search/**');
  });

  it('runs every pivot at once from the modal: one username search per name', async () => {
    const page = await journey.open('/', { width: 1280, height: 900 });
    const dialog = await searchEmail(page, 'en', 'pivotall');
    await dialog.getByRole('link', { name: 'Search all 2' }).click();
    await page.getByText(/^Several usernames \(\d of 2 done\)$/).waitFor({ timeout: 30_000 });
    await page.getByText(/^Several usernames \(2 of 2 done\)$/).waitFor({ timeout: 90_000 });
    for (const name of ['known.person', 'alexexample']) await page.getByText(name, { exact: true }).first().waitFor();
  });

  for (const [width, language, theme] of [
    [390, 'en', 'light'],
    [390, 'tr', 'dark'],
    [1280, 'tr', 'dark'],
  ] as const) {
    it(`fits ${width} px in ${language} (${theme}): evidence, counts, breaches, logos; no sideways scroll`, async () => {
      const page = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
      const c = COPY[language];
      const dialog = await searchEmail(page, language, `fit${width}${language}`);
      await dialog.getByTestId('breaches').getByText(c.breaches).waitFor();
      const github = dialog.locator('li[data-site="github"]');
      await github.getByText(c.github).waitFor();
      await github.getByRole('button').first().click(); // Show evidence: no page per address, the evidence
      await logosLoaded(page, 'dialog[open] li[data-site="gravatar"]');
      await noSidewaysScroll(page, `modal ${width} ${language}`);
      await logosSettled(page);
      await screenshot(page, `email-evidence-modal-${language}`, false);
      // The top of the results: counts and breaches.
      await dialog.evaluate((d) => d.scrollTo(0, 0));
      await logosSettled(page);
      await screenshot(page, `email-evidence-modal-top-${language}`, false);

      await dialog.getByRole('button').first().click(); // close (top)
      await page.goto('/dashboard/my-searches');
      const log = page.getByTestId('email-log').first();
      await log.getByRole('button', { name: c.show }).click();
      await log.locator('li[data-site="github"]').getByText(c.github).waitFor();
      await noSidewaysScroll(page, `my searches ${width} ${language}`);
      await logosSettled(page);
      await screenshot(page, `email-evidence-my-searches-${language}`, false);
    });
  }
});
