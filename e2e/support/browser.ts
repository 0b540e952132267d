/**
 * Debian's Chromium driven by playwright-core (no downloaded browser). The browser may reach
 * 127.0.0.1 only: every other host name fails to resolve, so a page that tried to load anything from
 * a third party would fail visibly, and the journeys also assert that no such request was made.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

/**
 * CHROMIUM_PATH, else Debian's headless shell (a third less CPU than the full browser, decision 123), else
 * Debian's chromium.
 */
export function chromiumPath(): string | null {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROMIUM_PATH');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
  theme?: 'light' | 'dark';
  locale?: string;
  /** Runs in the page before any of its scripts (e.g. to remove a browser API). */
  beforeLoad?: () => void;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Requests that left 127.0.0.1, page errors and Content-Security-Policy violations: all must stay empty. */
  foreignRequests: string[];
  pageErrors: string[];
  cspViolations: string[];
}

export async function openPage(browser: Browser, baseUrl: string, options: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    colorScheme: options.theme ?? 'light',
    locale: options.locale ?? 'en-GB',
    acceptDownloads: true,
    deviceScaleFactor: 1,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  if (options.beforeLoad) await context.addInitScript(options.beforeLoad);
  // Every CSP violation in any document of the context (pop-ups too) is reported to its console (decision 098).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  const cspViolations: string[] = [];
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /CSP violation|Content Security Policy/i.test(text)) cspViolations.push(text);
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.hostname !== '127.0.0.1') foreignRequests.push(request.url());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, foreignRequests, pageErrors, cspViolations };
}

/** Saves `e2e/artifacts/<name>-<width>-<theme>.png`. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const { width } = page.viewportSize()!;
  const theme = await page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
  const file = path.join(ARTIFACTS, `${name}-${width}-${theme}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}
