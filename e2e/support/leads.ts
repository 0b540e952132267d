/**
 * What the lead journeys share (follow-leads and email-leads; issue 41 item 13): the planted lead chain on
 * the journey's sites, the search form's options toggle, and the phone-width check.
 */
import { plantLeadChain } from '@hound/testkit';
import type { Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import type { Journey } from './journey.ts';

/** The toggle that opens the search form's options (Follow leads among them). */
export const SEARCH_OPTIONS = 'Search options: several names, variants, which sites';

/**
 * Before the file's tests: alice's Medium profile links to alice_dev's Pinterest profile, whose page names
 * a.dev@example.com (`LEAD_CHAIN`).
 */
export function plantChainOnJourney(journey: Journey): void {
  beforeAll(() => {
    plantLeadChain(journey.stack.internet, 'medium.com', 'www.pinterest.com');
  });
}

/** The page is no wider than the window: nothing scrolls sideways (at 390 px, a phone). */
export async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
}
