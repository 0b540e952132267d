/**
 * Watches in the browser (issue 39): a signed-in user watches a username from its finished search with
 * "Watch this", lands on the watch, and finds it on the Watches page — at 390 px without sideways scrolling.
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
    await search(page, USERNAME);
    await waitForCompletion(page);

    await page.getByRole('link', { name: 'Watch this' }).click();
    await page.waitForURL(`**/dashboard/watches?username=${USERNAME}`);
    // The form comes prefilled with the searched name; the plan's slots are stated.
    expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe(USERNAME);
    await page.getByText('0 of 1 username watches on your plan').waitFor();
    await page.getByLabel('Why you watch it').fill('Checking where my own handle turns up.');
    await page.getByRole('button', { name: 'Start watching' }).click();
    await page.waitForURL(/\/dashboard\/watches\/[^/?]+$/);
    await page.getByRole('heading', { name: USERNAME }).waitFor();

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Watches' }).click();
    await page.waitForURL('**/dashboard/watches');
    await page.getByRole('link', { name: USERNAME, exact: true }).waitFor();
    await page.getByText('1 of 1 username watches on your plan').waitFor();
    await page.getByText('Your plan has no free username watch.').waitFor();
    // The baseline run starts at the scheduler's next pass; the page follows it to its counts without a reload.
    await page.getByText(/\d+ found, \d+ not found, \d+ not checkable/).waitFor({ timeout: 60_000 });
    // The baseline knows the accounts the search found.
    await page.getByText(/ · [1-9]\d* accounts now$/).waitFor();
    // Nothing scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'watches');
  });
});
