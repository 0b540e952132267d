import { expect, it } from 'vitest';
import { CLAIMED_PLATFORMS } from '../support/catalogue.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

describeInBrowser('search: live results', () => {
  const journey = useJourney({ slowMs: 5000 });

  it('streams found profiles in while the search runs, then summarises', async () => {
    const page = await journey.open('/');
    await search(page, `  ${USERNAME}  `);

    // Found profiles appear while the slow site is still being checked.
    await page.getByRole('button', { name: /^GitHub/ }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
    expect(await page.getByPlaceholder('Enter username to search...').isDisabled()).toBe(true);
    const progress = page.getByRole('progressbar', { name: 'Search progress' });
    const during = Number(await progress.getAttribute('aria-valuenow'));
    expect(during).toBeGreaterThan(0);
    expect(during).toBeLessThan(60);

    await waitForCompletion(page);
    expect(await progress.getAttribute('aria-valuenow')).toBe('60');
    expect(await page.getByRole('heading', { name: `Results for "${USERNAME}"` }).isVisible()).toBe(true);
    const notFound = 60 - CLAIMED_PLATFORMS.length - 2;
    expect(
      await page
        .getByText(`Found ${CLAIMED_PLATFORMS.length} profiles across 60 platforms. (${notFound} not found)`)
        .isVisible(),
    ).toBe(true);
    expect(
      await page
        .getByText(/2 sites could not be checked: (bot protection|HTTP error) \(1\), (bot protection|HTTP error) \(1\)/)
        .isVisible(),
    ).toBe(true);

    const shown = await page
      .locator('article[data-platform]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-platform')));
    expect(shown.sort()).toEqual([...CLAIMED_PLATFORMS].sort());
  });

  it('cancels a running search', async () => {
    const page = await journey.open('/');
    await search(page, 'someone-else');
    // The server cancels it too: the browser names the device that started it (only the owner may cancel).
    const cancelled = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const answer = await cancelled;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).status).toBe('cancelled');
    await page.getByText('Search cancelled').waitFor();
    expect(await page.getByPlaceholder('Enter username to search...').isEnabled()).toBe(true);
  });

  it('falls back to polling every 10 s when the browser has no EventSource', async () => {
    const page = await journey.open('/', { beforeLoad: () => Reflect.deleteProperty(window, 'EventSource') });
    const statusCalls: number[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search/status/')) statusCalls.push(Date.now());
    });
    await search(page, USERNAME);
    await waitForCompletion(page, 40_000);
    expect(statusCalls.length).toBeGreaterThanOrEqual(2);
    const gap = statusCalls[1]! - statusCalls[0]!;
    expect(gap).toBeGreaterThan(9_000);
    expect(gap).toBeLessThan(13_000);
    expect(await page.locator('article[data-platform]').count()).toBe(CLAIMED_PLATFORMS.length);
  });
});
