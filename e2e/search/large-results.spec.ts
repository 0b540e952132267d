/**
 * A search over 3,000 sites: the list stays virtualised (a few dozen cards in the DOM however far the
 * visitor scrolls) and every result is reachable. Smoothness itself is a benchmark matter; this checks
 * the structure that makes it smooth.
 */
import { expect, it } from 'vitest';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';
import { watchMainThread } from '../support/main-thread.ts';

const FILLERS = 2984; // + 16 named platforms = 3,000

describeInBrowser('search: 3,000 results', () => {
  const journey = useJourney({ fillers: FILLERS, slowMs: 100 });

  it('renders a window of the list while scrolling through all results', async () => {
    const page = await journey.open('/');
    await search(page, USERNAME);
    await waitForCompletion(page, 180_000);
    await page.getByText(/across 3,000 platforms/).waitFor();
    await page.getByRole('button', { name: /^All 3,000/ }).click();

    const cards = page.locator('article[data-platform]');
    expect(await cards.count()).toBeLessThan(80);
    for (const fraction of [0.25, 0.5, 0.75, 1]) {
      await page.evaluate((f) => window.scrollTo(0, document.body.scrollHeight * f), fraction);
      await page.waitForTimeout(150);
      expect(await cards.count()).toBeLessThan(80);
    }
    // The list's end is reachable: scroll to the last card of the list.
    const list = page.getByRole('list', { name: `Results for "${USERNAME}"` });
    const box = await list.boundingBox();
    await page.evaluate((y) => window.scrollTo(0, window.scrollY + y - 400), box!.y + box!.height);
    await page.waitForTimeout(200);
    const platforms = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-platform')));
    expect(platforms.length).toBeGreaterThan(0);
    const lastIndex = await page
      .locator('li[data-index]')
      .evaluateAll((els) => Math.max(...els.map((e) => Number(e.getAttribute('data-index')))));
    expect(lastIndex).toBe(2999);

    // Finding one site among 3,000: typing into the name filter, sorting and picking a group stay smooth.
    await page.evaluate(() => window.scrollTo(0, 0));
    const watch = await watchMainThread(journey.browser, page);
    await watch.step('type a name');
    const nameBox = page.getByLabel('Find a site');
    await nameBox.pressSequentially('Forum 1234', { delay: 60 });
    await page.locator('article[data-platform="Forum 1234"]').waitFor();
    expect(await cards.count()).toBe(1);
    await nameBox.fill('');
    await watch.step('sort, pick a group');
    await page.getByLabel('Order').selectOption('name');
    await page.getByRole('button', { name: /^Professional/ }).click();
    const firstShown = await cards.first().getAttribute('data-platform');
    expect(['GitHub', 'GitLab', 'Medium']).toContain(firstShown);
    await page.waitForTimeout(300);
    // The page's own work per task (its main thread's CPU time), not the wall time a busy machine adds.
    const { tasks } = await watch.stop();
    console.info(`[3,000 results] tasks of 50 ms or more: ${JSON.stringify(tasks)}`);
    expect(tasks.filter((t) => t.cpuMs > 200)).toEqual([]);
  }, 300_000);
});
