/**
 * Screenshots of issue 15's changes (e2e/artifacts/, not committed), at 1280 and 390 px, light and dark:
 * results with the grouped categories (catalogue categories come from a Maigret-format file beside the e2e
 * Sherlock catalogue), the open recent-searches list, and the HTML report.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';
import { CATALOGUE_HOST } from '../support/stack.ts';

const TAGS: Record<string, [host: string, tag: string]> = {
  GitHub: ['github.com', 'coding'],
  GitLab: ['gitlab.com', 'coding'],
  Medium: ['medium.com', 'blog'],
  Reddit: ['www.reddit.com', 'discussion'],
  Quora: ['www.quora.com', 'q&a'],
  Steam: ['steamcommunity.com', 'gaming'],
  Twitch: ['www.twitch.tv', 'streaming'],
  Instagram: ['www.instagram.com', 'photo'],
  Pinterest: ['www.pinterest.com', 'images'],
  Vimeo: ['vimeo.com', 'video'],
  Kaggle: ['www.kaggle.com', 'education'],
  Codewars: ['www.codewars.com', 'coding'],
};

function maigretFile(): string {
  const sites: Record<string, unknown> = {};
  for (const [name, [host, tag]] of Object.entries(TAGS)) {
    sites[name] = {
      url: `https://${host}/{username}`,
      urlMain: `https://${host}/`,
      checkType: 'status_code',
      tags: [tag],
    };
  }
  for (let i = 1; i <= 44; i++) {
    const n = String(i).padStart(2, '0');
    sites[`Forum ${n}`] = {
      url: `https://forum${n}.example/u/{username}`,
      urlMain: `https://forum${n}.example/`,
      checkType: 'message',
      absenceStrs: ['This user does not exist'],
      tags: [i % 3 === 0 ? 'discussion' : i % 3 === 1 ? 'forum' : 'hobby'],
    };
  }
  const file = path.join(os.tmpdir(), `hound-e2e-maigret-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ sites, engines: {}, tags: [] }));
  return file;
}

const WIDTHS = [1280, 390] as const;
const THEMES = ['light', 'dark'] as const;

async function scrollTo(page: Page, selector: string): Promise<void> {
  const box = await page.locator(selector).first().boundingBox();
  if (box) await page.evaluate((y) => window.scrollTo(0, window.scrollY + y - 90), box.y);
  await page.waitForTimeout(200);
}

describeInBrowser('screenshots: issue 15', () => {
  const journey = useJourney({
    slowMs: 300,
    env: { HOUND_CATALOGUES: `https://${CATALOGUE_HOST}/sherlock.json,${maigretFile()}` },
  });

  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      it(`grouped categories, recent searches and the report at ${width} px, ${theme}`, async () => {
        const page = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
        await search(page, USERNAME);
        await waitForCompletion(page);
        await page.getByRole('button', { name: /^All 60/ }).click();
        await page.getByText(/^Catalogue categories/).click();
        await scrollTo(page, '#results-title');
        await screenshot(page, 'i15-results-grouped', false);

        // On a phone the export tools fold into one line; open them.
        if (width < 640) await page.getByText('Export, report and links').click();
        await screenshot(page, 'i15-results-tools', false);
        await page.getByRole('button', { name: 'Shown (60)' }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'HTML report' }).click(),
        ]);
        const html = await readFile((await download.path())!, 'utf8');

        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByPlaceholder('Enter username to search...').click();
        await page.getByText('Recent searches (1)').waitFor();
        await screenshot(page, 'i15-recent-open', false);

        const report = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
        await report.setContent(html);
        // The report follows the system's scheme on screen (and prints light); the class only names the file.
        await report.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
        expect(await report.getByRole('heading', { level: 1 }).textContent()).toContain(USERNAME);
        await screenshot(report, 'i15-report', false);
      });
    }
  }
});
