/**
 * Watches in the browser (issue 39): a signed-in user searches a username over a chosen set of sites, watches
 * it from the finished search with "Watch this" (the form carries the search's site selection, and the watch
 * stores what the search stored), lands on the watch, and finds it on the Watches page — at 390 px without
 * sideways scrolling, then in dark and in Turkish.
 */
import { expect, it } from 'vitest';
import { address, register } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

describeInBrowser('watches', () => {
  // The scheduler's pass every 2 s: the new watch's baseline run starts within the test's patience.
  const journey = useJourney({ env: { WATCH_PASS_SECONDS: '2' } });

  it('watches a username from its results with "Watch this" and lists it on the Watches page (390 px)', async () => {
    const page = await journey.open('/register', { width: 390, height: 844 });
    await register(page, journey.stack, address('watcher'), 'Wes');
    await page.goto('/username-search');
    // A search over two named sites, adult sites included.
    await page.getByText('Search options: several names, variants, which sites').click();
    await page.getByLabel('Only these sites (names, comma-separated)').fill('GitHub, GitLab');
    await page.getByLabel('Include adult (NSFW) sites').check();
    await search(page, USERNAME);
    await waitForCompletion(page);
    await page.waitForURL(/\/search\/[^/?]+$/);
    const searchId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('link', { name: 'Watch this' }).click();
    await page.waitForURL(`**/dashboard/watches?username=${USERNAME}&site=GitHub&site=GitLab&nsfw=1`);
    // The form comes prefilled with the searched name and its sites (shown, changeable); the plan's slots are stated.
    expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe(USERNAME);
    await page.getByText('Sites: only GitHub, GitLab · adult (NSFW) sites included').waitFor();
    await page.getByText('Change the sites').click();
    expect(await page.getByLabel('Only these sites (names, comma-separated)').inputValue()).toBe('GitHub, GitLab');
    expect(await page.getByLabel('Include adult (NSFW) sites').isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'watch-form');
    await page.getByText('0 of 1 username watches on your plan').waitFor();
    await page.getByLabel('Why you watch it').fill('Checking where my own handle turns up.');
    await page.getByRole('button', { name: 'Start watching' }).click();
    await page.waitForURL(/\/dashboard\/watches\/[^/?]+$/);
    await page.getByRole('heading', { name: USERNAME }).waitFor();
    await page.getByText('Sites: only GitHub, GitLab · adult (NSFW) sites included').waitFor();
    // The watch stored the selection the search stored.
    const watchId = new URL(page.url()).pathname.split('/').pop()!;
    const stored = await page.evaluate(
      async ([w, s]) => {
        const read = async (url: string) => (await fetch(url, { credentials: 'same-origin' })).json();
        return {
          watch: (await read(`/api/watches/${w}`)).scope,
          search: (await read(`/api/search/status/${s}`)).scope,
        };
      },
      [watchId, searchId] as const,
    );
    expect(stored.search).toEqual({ sites: ['GitHub', 'GitLab'], nsfw: true });
    expect(stored.watch).toEqual(stored.search);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Watches' }).click();
    await page.waitForURL('**/dashboard/watches');
    await page.getByRole('link', { name: USERNAME, exact: true }).waitFor();
    await page.getByText('1 of 1 username watches on your plan').waitFor();
    await page.getByText('Your plan has no free username watch.').waitFor();
    // The baseline run starts at the scheduler's next pass; the page follows it to its counts without a reload.
    await page.getByText(/\d+ found, \d+ not found, \d+ not checkable/).waitFor({ timeout: 60_000 });
    // The baseline knows the accounts the search found.
    await page.getByText(/ · [1-9]\d* accounts now$/).waitFor();
    // The baseline is not news: no new-event badge for it.
    expect(await page.getByText(/^\d+ new$/).count()).toBe(0);
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'watches');

    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'watches');

    // Dark and Turkish: the list, then the watch and its timeline, wide and on a phone.
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('banner').getByLabel('Language').selectOption('tr');
    await page.getByRole('heading', { level: 1, name: 'İzlemeler' }).waitFor();
    await screenshot(page, 'watches-tr');
    await page.getByRole('link', { name: USERNAME, exact: true }).click();
    await page.getByText('Siteler: yalnızca GitHub, GitLab · yetişkin (NSFW) siteler dahil').waitFor();
    await page.getByText(/^İlk çalıştırma: /).waitFor();
    await screenshot(page, 'watch-timeline-tr');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'watch-timeline-tr');
    await page.getByRole('link', { name: 'Tüm izlemeler' }).click();
    await page.getByRole('heading', { level: 1, name: 'İzlemeler' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'watches-tr');
  });
});
