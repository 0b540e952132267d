/** Shared set-up of a journey file: one stack (server + testkit) and one browser for all its tests. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { chromiumPath, launchBrowser, type OpenedPage, openPage, type PageOptions } from './browser.ts';
import { type Stack, type StackOptions, startStack } from './stack.ts';

export const USERNAME = 'houndtest';

/** `describe` that runs when Debian's Chromium is installed, and says why when it is not. */
export function describeInBrowser(name: string, body: () => void): void {
  const available = chromiumPath() !== null;
  if (!available)
    console.warn(
      `[e2e] skipping "${name}": no Chromium at ${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell or /usr/bin/chromium'}`,
    );
  describe.skipIf(!available)(name, body);
}

export interface Journey {
  readonly stack: Stack;
  readonly browser: Browser;
  open(path: string, options?: PageOptions): Promise<Page>;
}

export function useJourney(options: Partial<StackOptions> = {}): Journey {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ username: USERNAME, ...options }), launchBrowser()]);
  });
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      for (const o of opened) {
        const panel = await o.page
          .locator('section[aria-labelledby="progress-title"]')
          .allInnerTexts()
          .catch(() => []);
        console.error(`[e2e] page ${o.page.url()} progress: ${panel.join(' | ')}`);
      }
      console.error(`[e2e] server output (tail):\n${stack?.output()}`);
    }
    // Every page stayed on 127.0.0.1, threw nothing and broke no rule of its Content-Security-Policy.
    for (const o of opened) {
      expect(o.foreignRequests).toEqual([]);
      expect(o.cspViolations).toEqual([]);
      expect(o.pageErrors.filter((e) => !e.includes('Deliberate render error'))).toEqual([]);
      await o.context.close();
    }
    opened = [];
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  return {
    get stack() {
      return stack!;
    },
    get browser() {
      return browser!;
    },
    async open(path, pageOptions) {
      const o = await openPage(browser!, stack!.baseUrl, pageOptions);
      opened.push(o);
      await o.page.goto(path);
      return o.page;
    },
  };
}

/** Types a username into the search box and starts the search. */
export async function search(page: Page, username: string): Promise<void> {
  await page.getByPlaceholder('Enter username to search...').fill(username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

/** Waits until the progress panel says the search is complete. */
export async function waitForCompletion(page: Page, timeout = 60_000): Promise<void> {
  await page.getByText(/Search complete in/).waitFor({ timeout });
}
