/** Issue 15, capability 12: several usernames at once, and username variants, each a search of its own. */
import { expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { CLAIMED_PLATFORMS } from '../support/catalogue.ts';
import { describeInBrowser, USERNAME, useJourney } from '../support/journey.ts';

describeInBrowser('search: several usernames and variants', () => {
  const journey = useJourney({ slowMs: 200 });

  it('variants of "hound test" and a second name run one after another, each with its own results', async () => {
    const page = await journey.open('/');
    await page.getByText('Search options: several names, variants, which sites').click();
    await page.getByRole('checkbox', { name: /Also search variants/ }).check();
    // USERNAME is "houndtest": the joined variant finds its profiles, the others find none.
    const spaced = `${USERNAME.slice(0, 5)} ${USERNAME.slice(5)}`;
    await page.getByPlaceholder('Enter username to search...').fill(`${spaced}, nobody`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const panel = page.getByRole('region', { name: /Several usernames/ });
    await panel.getByText('Several usernames (5 of 5 done)').waitFor({ timeout: 90_000 });
    const rows = await panel.locator('li').allTextContents();
    expect(rows).toEqual([
      'hound_test0 profiles',
      'hound-test0 profiles',
      'hound.test0 profiles',
      `${USERNAME}${CLAIMED_PLATFORMS.length} profiles`,
      'nobody0 profiles',
    ]);
    // Each name has its own address and stays in the recent searches.
    await panel.getByRole('link', { name: USERNAME }).click();
    await page.getByRole('heading', { name: `Results for "${USERNAME}"` }).waitFor();
    expect(page.url()).toMatch(/\/search\/[\w-]+$/);
    expect(await page.locator('article[data-platform]').count()).toBe(CLAIMED_PLATFORMS.length);
    const history = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('searchHistory') ?? '[]').map((h: { username: string }) => h.username),
    );
    expect(history).toHaveLength(5);
  });

  it('searches only the sites chosen under "Which sites", and says so when a named site does not exist', async () => {
    const page = await journey.open('/');
    await page.getByText('Search options: several names, variants, which sites').click();
    const sites = page.getByLabel('Only these sites (names, comma-separated)');
    await sites.fill('GitHub, Reddit');
    await screenshot(page, 'search-options', false);
    await page.getByPlaceholder('Enter username to search...').fill(USERNAME);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/search\/[\w-]+$/);
    await page.getByText(/Search complete in/).waitFor({ timeout: 60_000 });
    const id = page.url().split('/').pop()!;
    const status = await (await fetch(`${journey.stack.baseUrl}/api/search/status/${id}`)).json();
    expect(status.progress).toEqual({ done: 2, total: 2 });
    expect(Object.keys(status.result.results).sort()).toEqual(['GitHub', 'Reddit']);

    // The options fold away with the new page; the choice is kept.
    await page.getByText('Search options: several names, variants, which sites').click();
    expect(await sites.inputValue()).toBe('GitHub, Reddit');
    await sites.fill('NoSuchSite');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('alert').getByText('No site is named "NoSuchSite".').waitFor();
  });
});
