import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { CLAIMED_PLATFORMS } from '../support/catalogue.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

const shownPlatforms = (page: Page) =>
  page.locator('article[data-platform]').evaluateAll((els) => els.map((e) => e.getAttribute('data-platform')!).sort());

describeInBrowser('search: results panel', () => {
  const journey = useJourney({ slowMs: 300 });

  async function searched(): Promise<Page> {
    const page = await journey.open('/');
    await search(page, USERNAME);
    await waitForCompletion(page);
    return page;
  }

  it('filters by status and by several categories', async () => {
    const page = await searched();
    expect(await shownPlatforms(page)).toEqual([...CLAIMED_PLATFORMS].sort());

    await page.getByRole('button', { name: /^Unknown 2/ }).click();
    expect(await shownPlatforms(page)).toEqual(['Quora', 'Twitch']);

    await page.getByRole('button', { name: /^All 60/ }).click();
    await page.getByRole('button', { name: /^Professional/ }).click();
    expect(await shownPlatforms(page)).toEqual(['GitHub', 'GitLab', 'Medium']);
    await page.getByRole('button', { name: /^Gaming/ }).click();
    expect(await shownPlatforms(page)).toEqual(['GitHub', 'GitLab', 'Medium', 'Steam', 'Twitch']);

    await page.getByRole('button', { name: /^Not found/ }).click();
    expect(await shownPlatforms(page)).toEqual(['Medium']);
    await page.getByRole('button', { name: /^Professional/ }).click();
    await page.getByRole('button', { name: /^Gaming/ }).click();
    await page.getByRole('button', { name: /^Social/ }).click();
    await page.getByRole('button', { name: /^Unknown/ }).click();
    expect(await page.getByText('No results match your current filters.').isVisible()).toBe(true);
  });

  it('expands a card and copies its URL, confirmed by a toast', async () => {
    const page = await searched();
    const card = page.getByRole('button', { name: /^GitHub/ });
    expect(await card.getAttribute('aria-expanded')).toBe('false');
    await card.click();
    expect(await card.getAttribute('aria-expanded')).toBe('true');
    const body = page.locator('article[data-platform="GitHub"]');
    expect(await body.getByText('A profile with this username exists on this site.').isVisible()).toBe(true);
    expect(await body.getByText('status 200 is 2xx (status_code)').isVisible()).toBe(true);
    await body.getByRole('button', { name: 'Copy URL' }).click();
    await page.getByRole('status').getByText('URL copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`https://github.com/${USERNAME}`);
    await card.click();
    expect(await card.getAttribute('aria-expanded')).toBe('false');
  });

  it('exports every result as JSON and CSV', async () => {
    const page = await searched();
    // Exports follow the filters unless "All" is chosen (issue 15).
    await page.getByRole('button', { name: 'All (60)' }).click();
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toBe(`hound-${USERNAME}-${date}.json`);
    const doc = JSON.parse(await readFile((await json.path())!, 'utf8'));
    expect(doc).toMatchObject({
      tool: 'Hound',
      username: USERNAME,
      summary: { checked: 60, found: CLAIMED_PLATFORMS.length, unknown: 2 },
    });
    expect(doc.results).toHaveLength(60);
    const github = doc.results.find((r: { platform: string }) => r.platform === 'GitHub');
    expect(github).toMatchObject({
      url: `https://github.com/${USERNAME}`,
      verdict: 'found',
      found: true,
      category: 'professional',
    });
    expect(github.evidence).toMatchObject({ status: 200, agreed: ['sherlock'] });

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`hound-${USERNAME}-${date}.csv`);
    const csvText = await readFile((await csv.path())!, 'utf8');
    expect(csvText.charCodeAt(0)).toBe(0xfeff); // BOM: spreadsheets read it as UTF-8
    const lines = csvText.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('platform,url,verdict,status,reason,category,http_status,rule,elapsed_ms');
    expect(lines).toHaveLength(61);
    expect(lines.find((l) => l.startsWith('Twitch,'))).toContain(',unknown,');
  });

  it('exports what the filters show as XLSX and a self-contained HTML report (issue 15, capability 11)', async () => {
    const page = await searched();
    expect(await page.getByRole('button', { name: 'Shown (7)' }).getAttribute('aria-pressed')).toBe('true');

    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export XLSX' }).click(),
    ]);
    // What the filters show gets a name of its own: it never overwrites the export of every result.
    expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^hound-${USERNAME}-\\d{4}-\\d{2}-\\d{2}-shown\\.xlsx$`));
    const file = (await xlsx.path())!;
    // A valid ZIP (unzip tests every CRC) holding the workbook; the sheet has the 7 found rows + header.
    execFileSync('unzip', ['-tq', file]);
    const sheet = execFileSync('unzip', ['-p', file, 'xl/worksheets/sheet1.xml']).toString('utf8');
    expect(sheet.match(/<row /g)).toHaveLength(CLAIMED_PLATFORMS.length + 1);
    expect(sheet).toContain(`https://github.com/${USERNAME}`);

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'HTML report' }).click(),
    ]);
    expect(report.suggestedFilename()).toMatch(/\.html$/);
    const html = await readFile((await report.path())!, 'utf8');
    expect(html).toContain(`Username search report: “${USERNAME}”`);
    expect(html).toMatch(/7 of 60 results, as filtered on the page \(Found only\)/);
    expect(html).not.toMatch(/<script|<link |src=/);
    expect(html.match(/<tr class="found">/g)).toHaveLength(CLAIMED_PLATFORMS.length);
    // The report opens on its own, offline, and reads as a page.
    const opened = await journey.open('/');
    await opened.setContent(html);
    expect(await opened.getByRole('heading', { level: 1 }).textContent()).toContain(USERNAME);
    expect(await opened.locator('a[href*="/search/"]').count()).toBe(1);
  });
});
