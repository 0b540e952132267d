/**
 * Follow leads in the web app (issue 29, decision 111): on the e2e stack with the planted chain — alice's
 * Medium profile links to alice_dev's Pinterest profile, whose page names a.dev@example.com — a signed-in
 * visitor turns "Follow leads" on, searches alice, sees alice_dev appear under Leads with why, opens it,
 * opens the graph of the tree, and finds the child under its root in My Searches. Anonymous visitors are not
 * offered the option. 1280 and 390 px, no sideways scrolling at 390.
 */
import { LEAD_CHAIN } from '@hound/testkit';
import { expect, it } from 'vitest';
import { address, register, sessionOf, useSession } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, useJourney, waitForCompletion } from '../support/journey.ts';
import { noSidewaysScroll, plantChainOnJourney, SEARCH_OPTIONS } from '../support/leads.ts';

describeInBrowser('follow leads', () => {
  const journey = useJourney();
  plantChainOnJourney(journey);

  let session: Awaited<ReturnType<typeof sessionOf>>;
  let rootPath = '';

  it('anonymous visitors are not offered Follow leads', async () => {
    const page = await journey.open('/');
    await page.getByText(SEARCH_OPTIONS).click();
    await page.getByRole('checkbox', { name: /adult/ }).waitFor();
    expect(await page.getByRole('checkbox', { name: /Follow leads/ }).count()).toBe(0);
  });

  it('signed in, Follow leads finds alice_dev with why; it opens, and the graph shows the tree', async () => {
    const page = await journey.open('/');
    await register(page, journey.stack, address('leads'), 'Lea');
    session = await sessionOf(page);
    await page.goto('/');
    await page.getByText(SEARCH_OPTIONS).click();
    const follow = page.getByRole('checkbox', { name: /Follow leads/ });
    expect(await follow.isChecked()).toBe(false);
    await follow.check();
    expect(await page.getByRole('combobox', { name: 'How far' }).inputValue()).toBe('1');
    await screenshot(page, 'follow-leads-option', false);

    await search(page, LEAD_CHAIN.first);
    await waitForCompletion(page);
    rootPath = new URL(page.url()).pathname;
    expect(rootPath).toMatch(/^\/search\/[^/]+$/);

    const leads = page.getByRole('region', { name: 'Leads' });
    const child = leads.getByTestId('lead').filter({ hasText: LEAD_CHAIN.second });
    await child.getByText('linked from the Medium profile of alice').waitFor({ timeout: 60_000 });
    // Polled until the child search ended, with what it found (its own Pinterest profile at least).
    await child.getByText(/^completed · [1-9]\d* found$/).waitFor({ timeout: 60_000 });
    await screenshot(page, 'follow-leads-results');

    // It opens at its own address, as a search of its own.
    await child.getByRole('link', { name: `Open ${LEAD_CHAIN.second}` }).click();
    await page.waitForURL(/\/search\/[^/]+$/);
    expect(new URL(page.url()).pathname).not.toBe(rootPath);
    // Until the child's search has loaded, the page still shows the root's (complete) for a moment: the
    // child's name in the box comes first, then its own completion.
    await page.waitForFunction(
      (name) =>
        document.querySelector<HTMLInputElement>('input[placeholder="Enter username to search..."]')?.value === name,
      LEAD_CHAIN.second,
    );
    await waitForCompletion(page);

    // Back on the root, the Leads' graph link draws the tree: alice, alice_dev and the address.
    await page.goto(rootPath);
    await waitForCompletion(page);
    await page.getByRole('region', { name: 'Leads' }).getByRole('link', { name: 'Identity graph' }).click();
    await page.waitForURL(/\/graph$/);
    await page.getByRole('heading', { name: `Identity graph of “${LEAD_CHAIN.first}”` }).waitFor();
    await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.graphNodes ?? 0) >= 3);
    for (const name of [LEAD_CHAIN.second, LEAD_CHAIN.email]) {
      await page
        .getByRole('button', { name: new RegExp(name.replace('.', '\\.')) })
        .first()
        .waitFor();
    }
    await screenshot(page, 'follow-leads-graph', false);

    // My Searches: the child sits under its root, saying where it came from.
    await page.goto('/dashboard/my-searches');
    const row = page.locator('li[data-lead]').filter({ hasText: LEAD_CHAIN.second });
    await row.getByText('from alice · linked from the Medium profile of alice').waitFor();
    const order = await page
      .getByTestId('all-searches')
      .locator(':scope > li')
      .evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent));
    expect(order.indexOf(LEAD_CHAIN.second)).toBe(order.indexOf(LEAD_CHAIN.first) + 1);
    await screenshot(page, 'follow-leads-my-searches');
    // The lead's search opens its own page from there (issue 41 item 4).
    await row.getByRole('link', { name: `Open ${LEAD_CHAIN.second}` }).click();
    await page.getByRole('heading', { name: `Results for "${LEAD_CHAIN.second}"` }).waitFor();
    expect(page.url()).toMatch(/\/search\/[A-Za-z0-9_-]{22}$/);
  });

  it('at 390 px, dark, English and Turkish: the Leads and My Searches fit the screen', async () => {
    expect(rootPath).not.toBe('');
    const page = await journey.open('/', { width: 390, height: 844, theme: 'dark' });
    await useSession(page, session);
    await page.goto(rootPath);
    await waitForCompletion(page);
    const leads = page.getByRole('region', { name: 'Leads' });
    await leads.getByText('linked from the Medium profile of alice').waitFor({ timeout: 30_000 });
    await page.getByText(SEARCH_OPTIONS).click();
    await page.getByRole('checkbox', { name: /Follow leads/ }).check();
    await noSidewaysScroll(page);
    await screenshot(page, 'follow-leads-results');
    await page.goto('/dashboard/my-searches');
    await page.locator('li[data-lead]').first().waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'follow-leads-my-searches');

    await page.getByRole('banner').getByLabel('Language').selectOption('tr');
    await page.goto(rootPath);
    // The Leads appear once the search is shown as completed.
    const ipuclari = page.getByRole('region', { name: 'İpuçları' });
    await ipuclari.getByText('alice adlı kullanıcının Medium profilinden bağlantı').waitFor({ timeout: 30_000 });
    await noSidewaysScroll(page);
    await ipuclari.scrollIntoViewIfNeeded();
    await screenshot(page, 'follow-leads-tr', false);
  });
});
