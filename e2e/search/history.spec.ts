import { expect, it } from 'vitest';
import { CLAIMED_PLATFORMS } from '../support/catalogue.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

describeInBrowser('search: recent searches', () => {
  const journey = useJourney({ slowMs: 200 });

  it('keeps completed searches, newest first, replacing a repeated name in place, and clears them', async () => {
    const page = await journey.open('/');
    const input = page.getByPlaceholder('Enter username to search...');

    await search(page, USERNAME);
    await waitForCompletion(page);
    await search(page, 'nobody-here');
    await waitForCompletion(page);

    await input.click();
    await page.getByText('Recent searches (2)').waitFor();
    const entries = () =>
      page
        .getByRole('button')
        .filter({ hasText: /results?\s·/ })
        .allInnerTexts();
    let list = await entries();
    expect(list[0]).toMatch(/^nobody-here\n0 results · /);
    expect(list[1]).toMatch(new RegExp(`^${USERNAME}\\n${CLAIMED_PLATFORMS.length} results · `));

    // Stored under `searchHistory`, and a device id under `deviceId`.
    const stored = await page.evaluate(() => ({
      history: JSON.parse(localStorage.getItem('searchHistory') ?? '[]'),
      deviceId: localStorage.getItem('deviceId'),
    }));
    expect(stored.history.map((h: { username: string }) => h.username)).toEqual(['nobody-here', USERNAME]);
    expect(stored.deviceId).toMatch(/^device_[0-9a-f]{32}$/);

    // Re-searching the older name from the list replaces its entry in place.
    await page.getByRole('button', { name: new RegExp(`^${USERNAME}`) }).click();
    await waitForCompletion(page);
    await page.reload();
    await input.click();
    list = await entries();
    expect(list.map((l) => l.split('\n')[0])).toEqual(['nobody-here', USERNAME]);

    await page.getByRole('button', { name: 'Clear all' }).click();
    expect(await page.getByText(/Recent searches/).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('searchHistory'))).toBeNull();
  });
});
