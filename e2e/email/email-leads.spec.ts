/**
 * Email searches in search trees (issue 29, decision 116), on the e2e stack with the planted chain —
 * alice's Medium profile links to alice_dev's Pinterest profile, whose page names a.dev@example.com — and
 * a.dev@example.com registered on Duolingo, whose answer names the username alexexample:
 * - an email search with "Follow leads" shows, under its accounts, username searches for the part before
 *   the @ and for the username Duolingo returned, each with why;
 * - in alice's tree, the address alice_dev's profile states is searched with one click that says it costs
 *   one credit; it becomes that lead's email search (one credit taken), and My Searches nests it;
 * - the identity graph of the email search shows the same tree;
 * - 1280 and 390 px, light and dark, English and Turkish, no sideways scrolling on a phone.
 */
import type { SearchTree } from '@hound/contracts';
import { LEAD_CHAIN } from '@hound/testkit';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { address, register, sessionOf, useSession } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { expectGraphInFrame } from '../support/graph-frame.ts';
import { describeInBrowser, search, useJourney, waitForCompletion } from '../support/journey.ts';
import { noSidewaysScroll, plantChainOnJourney, SEARCH_OPTIONS } from '../support/leads.ts';

describeInBrowser('email searches in search trees', () => {
  const journey = useJourney({ env: { SIGNUP_CREDITS: '3' } });
  plantChainOnJourney(journey);
  beforeAll(() => journey.stack.emailSites.register(LEAD_CHAIN.email, ['duolingo']));

  let session: Awaited<ReturnType<typeof sessionOf>>;
  /** The tree the graph page shows (the email search's: its owner's session). */
  const tree = async (page: Page): Promise<SearchTree> => {
    const id = new URL(page.url()).pathname.split('/')[2]!;
    const res = await fetch(`${journey.stack.baseUrl}/api/search/${id}/tree`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    return (await res.json()) as SearchTree;
  };
  let emailPath = '';
  const credits = async () => {
    const res = await fetch(`${journey.stack.baseUrl}/me/credits`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    return ((await res.json()) as { credits: number }).credits;
  };

  it('an email search that follows leads searches the part before the @ and the username a site returned', async () => {
    const page = await journey.open('/');
    await register(page, journey.stack, address('emailleads'), 'Eli');
    session = await sessionOf(page);
    await page.goto('/email-search');
    await page.getByLabel('Email address').fill(LEAD_CHAIN.email);
    const follow = page.getByRole('checkbox', { name: /Follow leads/ });
    expect(await follow.isChecked()).toBe(false);
    await follow.check();
    await page.getByText('The part of the address before the @').waitFor();
    await screenshot(page, 'email-leads-option', false);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Use My Credit' }).click();
    await dialog.getByRole('heading', { name: /Accounts for/ }).waitFor({ timeout: 90_000 });
    emailPath = new URL(page.url()).pathname;
    // On an email search's own page the header's switch leads back to username search (issue 41 item 4c).
    // (Read from the page: the open dialog makes the rest of it inert.)
    expect(await page.locator('header a[aria-label="Hound Username"]').getAttribute('href')).toBe('/username-search');

    const leads = dialog.getByRole('region', { name: 'Leads' });
    const local = leads.getByTestId('lead').filter({ hasText: `the part before the @ of ${LEAD_CHAIN.email}` });
    const returned = leads
      .getByTestId('lead')
      .filter({ hasText: `the username Duolingo shows for ${LEAD_CHAIN.email}` });
    await local.getByText(/^completed · \d+ found$/).waitFor({ timeout: 90_000 });
    await returned.getByText(/^completed · \d+ found$/).waitFor({ timeout: 90_000 });
    expect(await local.locator('p').first().textContent()).toBe('a.dev');
    await returned.getByRole('link', { name: /^Open / }).waitFor();
    // Both names were searched as leads: the results no longer offer them again, and say why (issue 41 item 4).
    await dialog.getByText('Already searched as leads (see Leads below): a.dev, alexexample.').waitFor();
    expect(await dialog.getByRole('region', { name: 'Search as a username' }).count()).toBe(0);
    await leads.scrollIntoViewIfNeeded();
    await screenshot(page, 'email-leads-results', false);

    // The identity graph draws the same tree: the address, its Duolingo account and both usernames.
    await leads.getByRole('link', { name: 'Identity graph' }).click();
    await page.waitForURL(/\/graph$/);
    await page.getByRole('heading', { name: `Identity graph of “${LEAD_CHAIN.email}”` }).waitFor();
    await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.graphNodes ?? 0) >= 4);
    for (const name of ['a\\.dev', 'alexexample', 'Duolingo']) {
      await page
        .getByRole('button', { name: new RegExp(name) })
        .first()
        .waitFor();
    }
    // What becomes a node, and why the registered accounts tie to nothing but the search (issue 41 item 3).
    await page.getByText(/^What becomes a node: each search/).waitFor();
    await page
      .getByText(`The email search for ${LEAD_CHAIN.email} found 1 registered account.`, { exact: false })
      .waitFor();
    await expectGraphInFrame(page, await tree(page));
    await screenshot(page, 'email-leads-graph', false);
  }, 240_000);

  it('in a username tree, the stated address is searched with one click at one credit, once', async () => {
    const page = await journey.open('/');
    await useSession(page, session);
    await page.goto('/');
    await page.getByText(SEARCH_OPTIONS).click();
    await page.getByRole('checkbox', { name: /Follow leads/ }).check();
    await page.getByRole('combobox', { name: 'How far' }).selectOption('2');
    await search(page, LEAD_CHAIN.first);
    await waitForCompletion(page);
    const leads = page.getByRole('region', { name: 'Leads' });
    const email = leads.getByTestId('lead').filter({ hasText: 'email address' });
    const start = email.getByRole('button', { name: `Search ${LEAD_CHAIN.email} for 1 credit` });
    await start.waitFor({ timeout: 90_000 });
    expect(await start.textContent()).toContain('Costs 1 credit');
    await screenshot(page, 'email-leads-one-click');
    const before = await credits();
    await start.click();
    await email.getByRole('link', { name: `Open ${LEAD_CHAIN.email}` }).waitFor({ timeout: 30_000 });
    await email.getByText(/^completed · \d+ found$/).waitFor({ timeout: 90_000 });
    expect(await credits()).toBe(before - 1);
    await screenshot(page, 'email-leads-one-click-done');

    // My Searches: the email search under alice_dev (whose profile stated it), the pivots under the first one.
    await page.goto('/dashboard/my-searches');
    const nested = page.locator('li[data-lead]');
    await nested.filter({ hasText: LEAD_CHAIN.email }).getByText(`from ${LEAD_CHAIN.second}`).waitFor();
    await nested.filter({ hasText: 'alexexample' }).getByText(`from ${LEAD_CHAIN.email}`).waitFor();
    await screenshot(page, 'email-leads-my-searches');
  }, 240_000);

  it('at 390 px, dark, English and Turkish: an email search’s leads fit the screen', async () => {
    expect(emailPath).not.toBe('');
    const page = await journey.open('/', { width: 390, height: 844, theme: 'dark' });
    await useSession(page, session);
    await page.goto(emailPath);
    const leads = page.getByRole('dialog').getByRole('region', { name: 'Leads' });
    await leads.getByText(`the part before the @ of ${LEAD_CHAIN.email}`).waitFor({ timeout: 30_000 });
    await noSidewaysScroll(page);
    await leads.scrollIntoViewIfNeeded();
    await screenshot(page, 'email-leads-results', false);
    // Its graph opens whole on a phone too.
    await page.goto(`${emailPath.replace('/email-search/', '/search/')}/graph`);
    await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.graphNodes ?? 0) >= 4);
    await page.locator('canvas').scrollIntoViewIfNeeded();
    await expectGraphInFrame(page, await tree(page));
    await noSidewaysScroll(page);
    await screenshot(page, 'email-leads-graph', false);

    await page.goto('/');
    await page.getByRole('banner').getByLabel('Language').selectOption('tr');
    await page.goto(emailPath);
    const ipuclari = page.getByRole('dialog').getByRole('region', { name: 'İpuçları' });
    await ipuclari.getByText(`${LEAD_CHAIN.email} adresinin @ işaretinden önceki kısmı`).waitFor({ timeout: 30_000 });
    await ipuclari.getByText(`Duolingo sitesinin ${LEAD_CHAIN.email} için gösterdiği kullanıcı adı`).waitFor();
    await noSidewaysScroll(page);
    await ipuclari.scrollIntoViewIfNeeded();
    await screenshot(page, 'email-leads-tr', false);
  }, 120_000);
});
