/**
 * The identity graph (issue 29 item 3) in Chromium: a 3,000-node hound-tree/1 export opened through the file
 * input, moved around by wheel, drag, buttons and keys and clicked, with every long task's own main-thread
 * time measured; its exports read back (JSON by the schema, GraphML by the browser's XML parser, the standalone page opened with
 * no request leaving it); 390 px without sideways scrolling; light and dark, English and Turkish.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { SearchTreeSchema } from '@hound/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { largeTree, plainTree, plantedTree } from '../../packages/web/src/test/graph-trees.ts';
import { screenshot } from '../support/browser.ts';
import { expectGraphInFrame } from '../support/graph-frame.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';
import { watchMainThread } from '../support/main-thread.ts';

const BIG = largeTree(2900);
const bigFile = {
  name: 'target.hound-tree.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(BIG)),
};
const plantedFile = {
  name: 'alice.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(plantedTree())),
};

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2 A/AA rules (contrast included), as in the accessibility journey. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(await axeSource);
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }))
      .violations;
  })) as Array<{ id: string; nodes: Array<{ target: string[]; failureSummary: string }> }>;
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${n.failureSummary}`));
}

const canvas = (page: Page) => page.locator('canvas[data-graph-nodes]');

/** Waits until the canvas has drawn a graph of `nodes` nodes. */
async function drawn(page: Page, nodes?: number): Promise<number> {
  await page.waitForFunction(
    (n) => {
      const c = document.querySelector('canvas[data-graph-nodes]') as HTMLCanvasElement | null;
      return !!c?.dataset.camera && (n === undefined || c.dataset.graphNodes === String(n));
    },
    nodes,
    { timeout: 30_000 },
  );
  return Number(await canvas(page).getAttribute('data-graph-nodes'));
}

const camera = async (page: Page) => {
  const [x, y, k] = (await canvas(page).getAttribute('data-camera'))!.split(',').map(Number) as [
    number,
    number,
    number,
  ];
  return { x, y, k };
};

/** Where world point (x, y) is on the page, from the camera the canvas reports. */
async function onScreen(page: Page, x: number, y: number) {
  const box = (await canvas(page).boundingBox())!;
  const [cx, cy, k] = (await canvas(page).getAttribute('data-camera'))!.split(',').map(Number) as [
    number,
    number,
    number,
  ];
  return { x: box.x + box.width / 2 + (x - cx) * k, y: box.y + box.height / 2 + (y - cy) * k };
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}

describeInBrowser('identity graph', () => {
  const journey = useJourney();

  it('draws 3,000 nodes from an opened export; zoom, pan and clicks make no long task over 200 ms', async () => {
    const page = await journey.open('/graph');
    await page.getByText('Open a Hound export (JSON) to draw its graph.').waitFor();
    await page.getByLabel('Open a Hound export').setInputFiles(bigFile);
    const nodes = await drawn(page);
    expect(nodes).toBeGreaterThanOrEqual(3000);
    await page.getByRole('heading', { name: 'Identity graph of “target”' }).waitFor();
    // One canvas, not a DOM node per graph node: the page stays small whatever the graph's size.
    expect(await page.locator('main *').count()).toBeLessThan(700);
    await screenshot(page, 'graph-3000', false);

    const watch = await watchMainThread(journey.browser, page);
    await watch.step('wheel in');
    const box = (await canvas(page).boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(centre.x, centre.y);
    const fitted = await camera(page);
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, -200);
      await page.waitForTimeout(60);
    }
    const zoomed = await camera(page);
    expect(zoomed.k).toBeGreaterThan(fitted.k * 4);
    // Drag to pan.
    await watch.step('drag');
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(centre.x + i * 25, centre.y + i * 10);
    await page.mouse.up();
    await page.waitForTimeout(50);
    const panned = await camera(page);
    // The graph followed the pointer: 250 px right means the view's centre moved 250 px' worth left.
    expect(panned.x).toBeCloseTo(zoomed.x - 250 / zoomed.k, 0);
    // A drag is not a click: nothing got selected.
    expect(await page.getByText('Click a node, or choose one in the list below').isVisible()).toBe(true);
    await watch.step('wheel out');
    for (let i = 0; i < 6; i++) {
      await page.mouse.wheel(0, 250);
      await page.waitForTimeout(60);
    }
    // Buttons and keys.
    await watch.step('buttons, keys');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await canvas(page).focus();
    for (const key of ['+', '+', 'ArrowLeft', 'ArrowDown', '-']) await page.keyboard.press(key);
    await page.waitForTimeout(50);
    expect((await camera(page)).k).toBeCloseTo(fitted.k * 1.25, 5);
    await page.keyboard.press('0');
    await page.waitForTimeout(50);
    expect(await camera(page)).toEqual(fitted);

    // Click the root search (the layout puts it at the world's origin).
    await watch.step('click root');
    const root = await onScreen(page, 0, 0);
    await page.mouse.click(root.x, root.y);
    const details = page.locator('section[aria-labelledby="graph-details-title"]');
    await details.getByRole('heading', { name: 'target', exact: true }).waitFor();
    expect(await details.getByText(/^Ties/).textContent()).toMatch(/\(\d/);
    // A profile from the list: centred on the graph, its facts with their source pages.
    await watch.step('filter list, pick a profile');
    await page.getByLabel('Filter nodes').fill('Site 40');
    await page.getByRole('button', { name: /^Profile Site 40 https/i }).click();
    await details.getByRole('heading', { name: 'Site 40', exact: true }).waitFor();
    expect(await details.getByRole('link', { name: 'source' }).first().getAttribute('href')).toBe(
      BIG.profiles[40]!.url,
    );
    await watch.step('wheel on the profile');
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(300);

    // The page's own work per task (its main thread's CPU time), not the wall time a busy machine adds.
    const { tasks, steps } = await watch.stop();
    console.info(`[graph] steps: ${steps.join(' | ')}\n[graph] tasks of 50 ms or more: ${JSON.stringify(tasks)}`);
    expect(tasks.filter((t) => t.cpuMs > 200)).toEqual([]);
  }, 180_000);

  it('exports JSON, GraphML and a standalone page that other tools and browsers read', async () => {
    const page = await journey.open('/graph');
    await page.getByLabel('Open a Hound export').setInputFiles(plantedFile);
    await drawn(page);
    const download = async (name: string) => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
      return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
    };

    const json = await download('JSON');
    expect(json.name).toMatch(/^hound-alice-graph-\d{4}-\d\d-\d\d\.json$/);
    expect(SearchTreeSchema.parse(JSON.parse(json.text))).toEqual(plantedTree());

    const graphml = await download('GraphML');
    expect(graphml.name).toMatch(/\.graphml$/);
    // Chromium's own XML parser: a well-formed document with the nodes, edges and keys of the graph.
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const ns = 'http://graphml.graphdrawing.org/xmlns';
      return {
        error: doc.getElementsByTagName('parsererror').length,
        nodes: doc.getElementsByTagNameNS(ns, 'node').length,
        edges: doc.getElementsByTagNameNS(ns, 'edge').length,
        keys: [...doc.getElementsByTagNameNS(ns, 'key')].map((k) => k.getAttribute('attr.name')),
        reasons: [...doc.getElementsByTagNameNS(ns, 'data')]
          .filter((d) => d.getAttribute('key') === 'reason')
          .map((d) => d.textContent),
      };
    }, graphml.text);
    expect(parsed.error).toBe(0);
    expect(parsed.nodes).toBe(10);
    expect(parsed.edges).toBeGreaterThan(8);
    expect(parsed.keys).toEqual(expect.arrayContaining(['kind', 'label', 'url', 'reason']));
    expect(parsed.reasons).toContain('linked from the GitHub profile of alice');

    const html = await download('HTML page');
    expect(html.name).toMatch(/\.html$/);
    // Opened on its own: it draws, requests nothing and breaks no rule of its own CSP.
    const context = await journey.browser.newContext({ viewport: { width: 390, height: 800 }, colorScheme: 'dark' });
    try {
      const standalone = await context.newPage();
      const requests: string[] = [];
      const problems: string[] = [];
      standalone.on('request', (r) => requests.push(r.url()));
      standalone.on('pageerror', (e) => problems.push(e.message));
      standalone.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      await standalone.setContent(html.text);
      await standalone.waitForFunction(() => document.documentElement.dataset.graphReady === '10');
      const c = standalone.locator('#graph');
      const b = (await c.boundingBox())!;
      await standalone.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
      await standalone.mouse.wheel(0, -200);
      expect(await standalone.getByRole('heading', { name: 'Username: alice_dev' }).isVisible()).toBe(true);
      expect(await standalone.getByText('linked from the GitHub profile of alice').first().isVisible()).toBe(true);
      await noSidewaysScroll(standalone);
      await screenshot(standalone, 'graph-standalone', false);

      // The 3,000-node graph's page: drawn, and zoomed and panned without a long task over 200 ms.
      await page.getByLabel('Open a Hound export').setInputFiles(bigFile);
      await page.waitForFunction(() => Number(document.querySelector('canvas')?.dataset.graphNodes) >= 3000);
      await page.getByRole('heading', { name: 'Identity graph of “target”' }).waitFor();
      const big = await download('HTML page');
      await standalone.setContent(big.text);
      await standalone.waitForFunction(() => Number(document.documentElement.dataset.graphReady) >= 3000);
      const watch = await watchMainThread(journey.browser, standalone);
      await watch.step('wheel in, drag');
      const bb = (await standalone.locator('#graph').boundingBox())!;
      await standalone.mouse.move(bb.x + bb.width / 2, bb.y + bb.height / 2);
      for (let i = 0; i < 6; i++) {
        await standalone.mouse.wheel(0, -250);
        await standalone.waitForTimeout(60);
      }
      await standalone.mouse.down();
      for (let i = 1; i <= 8; i++) await standalone.mouse.move(bb.x + bb.width / 2 + i * 15, bb.y + bb.height / 2);
      await standalone.mouse.up();
      await standalone.waitForTimeout(200);
      const { tasks } = await watch.stop();
      console.info(`[graph] standalone page, tasks of 50 ms or more: ${JSON.stringify(tasks)}`);
      expect(tasks.filter((t) => t.cpuMs > 200)).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('about:'))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('refuses a file that is not an export, and says so when the server has no tree for a search', async () => {
    const page = await journey.open('/search/no-such-search/graph');
    await page
      .getByRole('alert')
      .getByText(/This search has no graph here/)
      .waitFor();
    expect(await page.getByRole('link', { name: /Back to the results/ }).getAttribute('href')).toBe(
      '/search/no-such-search',
    );
    await page.getByLabel('Open a Hound export').setInputFiles({
      name: 'x.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ format: 'maigret', searches: [] })),
    });
    await page.getByText(/This file is not a Hound export \(hound-tree\/1\): format/).waitFor();
    expect(await canvas(page).count()).toBe(0);
    // The same page still opens a good file.
    await page.getByLabel('Open a Hound export').setInputFiles(plantedFile);
    await drawn(page, 10);
    expect(await page.getByRole('alert').filter({ hasText: 'not a Hound export' }).count()).toBe(0);
  });

  it('is reached from a search’s results, and a plain search’s graph opens whole at 1280 and 390 px', async () => {
    const page = await journey.open('/');
    await search(page, USERNAME);
    await waitForCompletion(page);
    await page.getByRole('link', { name: 'Identity graph' }).click();
    await page.waitForURL(/\/search\/[^/]+\/graph$/);
    const path = new URL(page.url()).pathname;
    const tree = SearchTreeSchema.parse(
      await (
        await fetch(`${journey.stack.baseUrl}${path.replace(/\/graph$/, '/tree').replace('/search/', '/api/search/')}`)
      ).json(),
    );
    for (const [width, theme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      const shown = width === 1280 ? page : await journey.open(path, { width, height: 844, theme });
      await drawn(shown);
      await shown.getByRole('heading', { name: `Identity graph of “${USERNAME}”` }).waitFor();
      // A line says what becomes a node; the counts say "1 search".
      await shown.getByText(/^What becomes a node: each search/).waitFor();
      await shown.getByText(new RegExp(`^1 search · ${tree.profiles.length} profiles · \\d+ ties$`)).waitFor();
      await canvas(shown).scrollIntoViewIfNeeded();
      await expectGraphInFrame(shown, tree);
      await noSidewaysScroll(shown);
      await screenshot(shown, 'graph-plain-search', false);
    }
  }, 120_000);

  it('a plain search’s 205 profiles that state nothing are a few labelled groups, whole on open (1280, 390 px)', async () => {
    const tree = plainTree([
      ['Game', 'gaming', 60],
      ['Chat', 'social', 50],
      ['Code', 'coding', 45],
      ['Art', 'art', 30],
      ['Shop', 'shopping', 17],
    ]);
    const file = { name: 'bob.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tree)) };
    for (const [width, theme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      const page = await journey.open('/graph', { width, height: 844, theme });
      await page.getByLabel('Open a Hound export').setInputFiles(file);
      // The search, five groups, the forum, and the two profiles that tie.
      await drawn(page, 9);
      await page.getByText(/1 search · 205 profiles · \d+ ties$/).waitFor();
      await canvas(page).scrollIntoViewIfNeeded();
      await expectGraphInFrame(page, tree);
      await noSidewaysScroll(page);
      await screenshot(page, 'graph-groups', false);
      // A group's details list the profiles it stands for, with their links.
      await page.getByRole('button', { name: /^Profile group Gaming · 60/ }).click();
      const details = page.locator('section[aria-labelledby="graph-details-title"]');
      await details.getByRole('heading', { name: 'Profiles in this group (60)' }).waitFor();
      expect(await details.getByRole('link', { name: 'Game0' }).getAttribute('href')).toBe('https://game0.example/bob');
    }
  });

  for (const [width, theme, language] of [
    [1280, 'dark', 'tr'],
    [390, 'light', 'en'],
    [390, 'dark', 'tr'],
  ] as const) {
    it(`fits ${width} px in ${theme} ${language}`, async () => {
      const page = await journey.open('/graph', {
        width,
        height: 900,
        theme,
        beforeLoad: language === 'tr' ? () => localStorage.setItem('language', 'tr') : undefined,
      });
      const open = language === 'tr' ? 'Hound dışa aktarımı aç' : 'Open a Hound export';
      await page.getByLabel(open).setInputFiles(plantedFile);
      await drawn(page, 10);
      // Something chosen, so the details panel shows facts in the screenshot.
      await page
        .getByRole('button', { name: new RegExp(language === 'tr' ? '^Profil GitHub' : '^Profile GitHub', 'i') })
        .click();
      await page.getByRole('heading', { name: 'GitHub', exact: true }).waitFor();
      await noSidewaysScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      if (width === 390) {
        // Two fingers spread apart on the canvas zoom in (pointer events from touch).
        await canvas(page).scrollIntoViewIfNeeded();
        const before = await camera(page);
        const b = (await canvas(page).boundingBox())!;
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
        const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
          cdp.send('Input.dispatchTouchEvent', {
            type,
            touchPoints:
              type === 'touchEnd'
                ? []
                : [
                    { x: b.x + b.width / 2 - spread, y: b.y + b.height / 2, id: 1 },
                    { x: b.x + b.width / 2 + spread, y: b.y + b.height / 2, id: 2 },
                  ],
          });
        await touch('touchStart', 20);
        for (const spread of [30, 45, 60, 80]) await touch('touchMove', spread);
        await touch('touchEnd', 0);
        await page.waitForTimeout(100);
        expect((await camera(page)).k).toBeGreaterThan(before.k * 2);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `graph-${language}`, true);
    }, 60_000);
  }
});
