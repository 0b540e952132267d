/**
 * Issue 15: a search has an address and outlives the page. The recent-searches list opens above the
 * page and reopens stored results; leaving mid-search and coming back finds it still running; `/?q=`
 * and `/search/{id}` survive a reload and open in another browser.
 */
import { expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { CLAIMED_PLATFORMS } from '../support/catalogue.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

const SEARCH_PATH = /\/search\/[A-Za-z0-9_-]+$/;

interface ReopenSeen {
  cancel: boolean;
  emptyTitle: boolean;
  starting: boolean;
  /** Milliseconds from navigation to the results heading and its first card, or null. */
  resultsMs: number | null;
}

/** Runs in the page before its scripts: records whether a Cancel button, `Results for ""` or "Starting…" ever show. */
function watchReopen() {
  const seen = { cancel: false, emptyTitle: false, starting: false, resultsMs: null as number | null };
  (window as unknown as { reopen: typeof seen }).reopen = seen;
  const look = () => {
    if (!location.pathname.startsWith('/search/')) return;
    const text = document.body?.textContent ?? '';
    if (text.includes('Results for ""')) seen.emptyTitle = true;
    if (text.includes('Starting the search')) seen.starting = true;
    for (const b of document.querySelectorAll('button')) if (b.textContent?.trim() === 'Cancel') seen.cancel = true;
    if (
      seen.resultsMs === null &&
      document.querySelector('#results-title') &&
      document.querySelector('article[data-platform]')
    )
      seen.resultsMs = performance.now();
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
}

describeInBrowser('search: address, recent list and leaving mid-search', () => {
  const journey = useJourney({ slowMs: 5000 });

  it('the recent-searches list is clickable and reopens stored results without searching again', async () => {
    const page = await journey.open('/');
    await search(page, USERNAME);
    await waitForCompletion(page);
    const address = page.url();
    expect(address).toMatch(SEARCH_PATH);

    await page.goto('/library');
    await page.getByRole('link', { name: 'Hound home' }).click();
    const input = page.getByPlaceholder('Enter username to search...');
    await input.click();
    const entry = page.getByRole('button', { name: new RegExp(`^${USERNAME}`) });
    await entry.waitFor();
    // The entry is really on top (not clipped by the hero): the point at its centre belongs to it.
    const box = (await entry.boundingBox())!;
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toContain(USERNAME);
    // Arrow-Down moves focus onto the visible entry.
    await input.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(USERNAME);

    const starts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/search')) starts.push(r.url());
    });
    await page.reload();
    await input.click();
    await entry.click();
    await page.getByRole('heading', { name: `Results for "${USERNAME}"` }).waitFor();
    expect(page.url()).toBe(address);
    await page.locator(`article[data-platform="${CLAIMED_PLATFORMS[0]}"]`).waitFor();
    expect(starts).toEqual([]);
  });

  it('a search keeps running while the visitor reads the Library, and is there on return', async () => {
    const page = await journey.open('/');
    await search(page, USERNAME);
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    const cancels: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') cancels.push(r.url());
    });
    await page.locator('header').getByRole('link', { name: 'Library' }).click();
    await page.getByRole('heading', { name: 'OSINT guides' }).waitFor();
    await page.getByRole('link', { name: 'Hound home' }).click();
    // Still running (the slow site takes 5 s), still named, nothing cancelled.
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ timeout: 3000 });
    expect(await page.getByPlaceholder('Enter username to search...').inputValue()).toBe(USERNAME);
    await waitForCompletion(page);
    expect(cancels).toEqual([]);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('searchHistory') ?? '[]'));
    expect(stored[0]).toMatchObject({ username: USERNAME, resultCount: CLAIMED_PLATFORMS.length });
    expect(stored[0].searchId).toMatch(/.+/);
  });

  it('a stored search opens as itself: one request, its results, never a Cancel or an empty title (1280 and 390 px)', async () => {
    const first = await journey.open(`/?q=${USERNAME}`);
    await waitForCompletion(first);
    const path = new URL(first.url()).pathname;
    for (const [width, theme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      // From the first script on, note what the page ever shows and when the results are there.
      const page = await journey.open('/library', { width, theme, beforeLoad: watchReopen });
      const requests: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/api/search')) requests.push(`${r.method()} ${url.pathname}`);
      });
      await page.goto(path);
      await page.waitForFunction(() => (window as unknown as { reopen: ReopenSeen }).reopen.resultsMs !== null);
      const seen = await page.evaluate(() => (window as unknown as { reopen: ReopenSeen }).reopen);
      console.info(`[reopen] ${width} px: results on screen ${Math.round(seen.resultsMs!)} ms after navigation`);
      expect(seen).toMatchObject({ cancel: false, emptyTitle: false, starting: false });
      // One request: the stored snapshot (preloaded with the page), no replay of its events, no new search.
      expect(requests).toEqual([`GET /api/search/status/${path.split('/').pop()}`]);
      await page.getByText(/Search complete in/).waitFor();
      expect(await page.locator('article[data-platform]').count()).toBe(CLAIMED_PLATFORMS.length);
      await screenshot(page, 'reopened-search', false);
    }
  });

  it('/?q= starts a search whose /search/{id} address reloads and opens in another browser', async () => {
    const page = await journey.open(`/?q=${USERNAME}`);
    await waitForCompletion(page);
    expect(page.url()).toMatch(SEARCH_PATH);
    const shown = await page.locator('article[data-platform]').count();
    expect(shown).toBe(CLAIMED_PLATFORMS.length);

    await page.reload();
    await page.getByText(/Search complete in/).waitFor();
    expect(await page.locator('article[data-platform]').count()).toBe(shown);

    const other = await journey.open(new URL(page.url()).pathname);
    await other.getByText(/Search complete in/).waitFor();
    expect(await other.getByRole('heading', { name: `Results for "${USERNAME}"` }).isVisible()).toBe(true);
    expect(await other.locator('article[data-platform]').count()).toBe(shown);

    const gone = await journey.open('/search/s_doesnotexist');
    await gone
      .getByRole('alert')
      .getByText(/no longer stored/)
      .waitFor();
  });
});
