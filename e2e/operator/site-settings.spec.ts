/**
 * Operator settings served by GET /api/config: brand name, retention, contact address and sponsored
 * entries (placed per spec 000 §4, labelled, never counted or exported).
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { secondSponsoredIndex } from '../../packages/web/src/features/search/sponsored.ts';
import { CLAIMED_PLATFORMS } from '../support/catalogue.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

const SPONSORED = [
  {
    id: 'acme',
    title: 'Acme OSINT training',
    description: 'Hands-on investigation courses',
    url: 'https://acme.example/course',
  },
  { id: 'beta', title: 'Beta breach monitoring', url: 'https://beta.example/' },
];

describeInBrowser('operator settings', () => {
  const journey = useJourney({
    slowMs: 200,
    env: {
      BRAND_NAME: 'Tracker',
      RETENTION_DAYS: '14',
      CONTACT_EMAIL: 'help@tracker.example',
      SPONSORED: JSON.stringify(SPONSORED),
    },
  });

  it('uses the configured brand, retention and contact address', async () => {
    const page = await journey.open('/');
    await page.getByRole('link', { name: 'Tracker home' }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Tracker — '));
    await page.goto('/privacy');
    await page.getByText(/deleted automatically 14 days after the search/).waitFor();
    await page.goto('/contact');
    expect(await page.getByRole('link', { name: 'help@tracker.example' }).getAttribute('href')).toBe(
      'mailto:help@tracker.example',
    );
    await page.goto('/library/what-is-tracker');
    await page.getByRole('heading', { level: 1, name: /What is Tracker\?/ }).waitFor();
  });

  it('places labelled sponsored entries per the spec, outside counts and exports', async () => {
    const page = await journey.open('/');
    await search(page, USERNAME);
    await waitForCompletion(page);

    const order = () =>
      page
        .getByRole('list', { name: `Results for "${USERNAME}"` })
        .locator('li')
        .evaluateAll((items) =>
          items
            .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
            .map((li) =>
              li.querySelector('aside')
                ? `sponsored:${li.textContent}`
                : li.querySelector('article')?.getAttribute('data-platform'),
            ),
        );
    const items = await order();
    expect(items).toHaveLength(CLAIMED_PLATFORMS.length + 2);
    expect(items[0]).toMatch(/^sponsored:Sponsored.*Acme OSINT training/);
    const second = Math.min(secondSponsoredIndex(USERNAME), CLAIMED_PLATFORMS.length + 1);
    expect(items[second]).toMatch(/^sponsored:Sponsored.*Beta breach monitoring/);
    expect(await page.getByRole('link', { name: /Acme OSINT training/ }).getAttribute('rel')).toContain('sponsored');

    // Never counted.
    expect(
      await page
        .getByText(`Found ${CLAIMED_PLATFORMS.length} profiles across 60 platforms.`, { exact: false })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: /^Found only/ }).textContent()).toContain(
      String(CLAIMED_PLATFORMS.length),
    );

    // Shown for professional, hidden for other categories alone and under "Not found".
    await page.getByRole('button', { name: /^Gaming/ }).click();
    expect(await page.getByText('Sponsored', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: /^Professional/ }).click();
    expect(await page.getByText('Sponsored', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'All categories' }).click();
    await page.getByRole('button', { name: /^Not found/ }).click();
    expect(await page.getByText('Sponsored', { exact: true }).count()).toBe(0);

    // Never exported, not even with every result; the file carries the brand.
    await page.getByRole('button', { name: 'All (60)', exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^tracker-${USERNAME}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).not.toContain('Acme');
    expect(text).not.toContain('beta.example');
    expect(JSON.parse(text).results).toHaveLength(60);
  });
});
