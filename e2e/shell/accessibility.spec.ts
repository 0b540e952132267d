/**
 * axe-core's WCAG 2 A/AA rules (contrast included) on every screen, in both themes, including the
 * results panel with expanded cards, the open recent-searches list, the crash screen and the account pages.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { address, register } from '../support/accounts.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  nodes: Array<{ target: string[]; failureSummary: string }>;
}

async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: a <script> tag would be refused by the page's own CSP (decision 098).
  await page.evaluate(await axeSource);
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  })) as AxeViolation[];
  return found.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}: ${n.failureSummary}`));
}

describeInBrowser('accessibility', () => {
  const journey = useJourney({ slowMs: 200 });

  for (const theme of ['light', 'dark'] as const) {
    it(`search page, idle and with results, ${theme}`, async () => {
      const page = await journey.open('/', { theme });
      expect(await violations(page)).toEqual([]);
      await search(page, USERNAME);
      await waitForCompletion(page);
      await page.getByRole('button', { name: /^GitHub/ }).click();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: /^Unknown 2/ }).click();
      await page.getByRole('button', { name: /^Twitch/ }).click();
      expect(await violations(page)).toEqual([]);
      await page.getByPlaceholder('Enter username to search...').click();
      await page.getByText('Recent searches (1)').waitFor();
      expect(await violations(page)).toEqual([]);
    });

    it(`library, article, static pages and crash screen, ${theme}`, async () => {
      const page = await journey.open('/library', {
        theme,
        beforeLoad: () => sessionStorage.setItem('hound.crashTest', '1'),
      });
      for (const path of [
        '/library',
        '/library/investigating-leaks',
        '/terms',
        '/privacy',
        '/contact',
        '/licenses',
        '/__crash',
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForTimeout(400); // legal pages fade in
        expect([path, await violations(page)]).toEqual([path, []]);
      }
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`login, register, email page and the signed-in pages, ${theme}`, async () => {
      const page = await journey.open('/login', { theme });
      const check = async (label: string) => {
        await page.waitForTimeout(300); // pages fade in
        expect([label, await violations(page)]).toEqual([label, []]);
      };
      await page.getByRole('heading', { level: 1 }).waitFor();
      await check('login');
      await page.goto('/register');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Date of birth is required.').waitFor();
      await check('register with errors');
      await page.goto('/email-search');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await check('email search, visitor');
      await register(page, journey.stack, address(`a11y-${theme}`));
      await check('dashboard');
      for (const path of ['/dashboard/my-searches', '/dashboard/billing', '/dashboard/settings']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await check(path);
      }
    });
  }

  it('works from the keyboard alone, with a visible focus ring', async () => {
    const page = await journey.open('/');
    const focusedOutline = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { tag: el.tagName, outline: style.outlineStyle, width: style.outlineWidth };
      });
    // The skip link is the first stop in tab order, and focus is visible on it.
    const first = await page.evaluate(
      () =>
        document.querySelector<HTMLElement>('a[href], button, input, select, summary, [tabindex]:not([tabindex="-1"])')
          ?.textContent,
    );
    expect(first).toBe('Skip to content');
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    expect((await focusedOutline()).outline).toBe('solid');
    await page.getByPlaceholder('Enter username to search...').focus();
    await page.keyboard.type(USERNAME);
    await page.keyboard.press('Enter');
    await waitForCompletion(page);

    const unknown = page.getByRole('button', { name: /^Unknown 2/ });
    await unknown.focus();
    expect((await focusedOutline()).outline).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await unknown.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('article[data-platform]').count()).toBe(2);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('button', { name: /^Found only/ }).getAttribute('aria-pressed')).toBe('true');

    const card = page.getByRole('button', { name: /^GitHub/ });
    await card.focus();
    await page.keyboard.press('Enter');
    expect(await card.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLAnchorElement).href)).toBe(
      `https://github.com/${USERNAME}`,
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Copy URL');
  });
});
