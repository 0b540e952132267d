/**
 * Screenshots for people to look at (e2e/artifacts/, not committed): the search page idle, running and
 * with results, the library, an article and the crash screen, at 1280 and 390 px, light and dark.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

const WIDTHS = [1280, 390] as const;
const THEMES = ['light', 'dark'] as const;

/** Scrolls so the element sits just below the sticky header. */
async function scrollToTop(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  if (box) await page.evaluate((y) => window.scrollTo(0, window.scrollY + y - 120), box.y);
  await page.waitForTimeout(200);
}

describeInBrowser('screenshots', () => {
  const journey = useJourney({ slowMs: 8000 });

  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      it(`search page at ${width} px, ${theme}`, async () => {
        const page = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        await screenshot(page, 'search-idle', false);
        await search(page, USERNAME);
        await page.getByRole('button', { name: /^GitHub/ }).waitFor({ timeout: 15_000 });
        await scrollToTop(page, page.locator('#progress-title'));
        await screenshot(page, 'search-running', false);
        await waitForCompletion(page);
        await page.getByRole('button', { name: /^GitHub/ }).click();
        await scrollToTop(page, page.getByRole('heading', { name: `Results for "${USERNAME}"` }));
        await screenshot(page, 'search-results', false);
        await screenshot(page, 'search-results-full');
      });

      it(`library, article and crash screen at ${width} px, ${theme}`, async () => {
        const page = await journey.open('/library', {
          width,
          theme,
          beforeLoad: () => sessionStorage.setItem('hound.crashTest', '1'),
        });
        await page.getByRole('heading', { name: 'OSINT guides' }).waitFor();
        await screenshot(page, 'library');
        await page.goto('/library/investigating-leaks');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await screenshot(page, 'article', false);
        await screenshot(page, 'article-full');
        await page.goto('/__crash');
        await page.getByRole('heading', { name: 'Something Went Wrong' }).waitFor();
        await screenshot(page, 'crash', false);
      });
    }
  }

  it('search results in Turkish at 390 px', async () => {
    const page = await journey.open('/', { width: 390, height: 844 });
    await page.getByLabel('Language').selectOption('tr');
    await page.getByPlaceholder('Aranacak kullanıcı adını girin...').fill(USERNAME);
    await page.getByRole('button', { name: 'Ara', exact: true }).click();
    await page.getByText(/Arama .* içinde tamamlandı/).waitFor({ timeout: 60_000 });
    await scrollToTop(page, page.locator('#progress-title'));
    await screenshot(page, 'search-results-tr', false);
  });
});
