import { expect, it } from 'vitest';
import { describeInBrowser, useJourney } from '../support/journey.ts';

const meta = (name: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"], meta[property="${name}"]`)?.content ?? null;

describeInBrowser('library', () => {
  const journey = useJourney();

  it('goes from the header to the library, into an article and back, with per-page meta', async () => {
    const page = await journey.open('/');
    const homeTitle = await page.title();
    await page.getByRole('banner').getByRole('link', { name: 'Library' }).click();
    await page.getByRole('heading', { level: 1, name: 'OSINT guides' }).waitFor();
    await page.waitForFunction(() => document.title === 'Library · OSINT guides · Hound');
    const cards = page.locator('main li h2');
    expect(await cards.allInnerTexts()).toEqual([
      'Investigating Leaks: A Practical OSINT Workflow',
      'What is Hound? Username Search Across Thousands of Sites',
      'What is OSINT? A Beginner’s Guide to Open Source Intelligence',
    ]);

    const read = page.getByRole('button', {
      name: 'Read Article: What is OSINT? A Beginner’s Guide to Open Source Intelligence',
    });
    // The button says Loading... and is disabled for 150 ms only: the page records its first such state, so a
    // slow round trip from the test (a loaded machine) cannot miss it.
    await read.evaluate((button: HTMLButtonElement) => {
      new MutationObserver((_, observer) => {
        if (button.textContent !== 'Loading...') return;
        (window as unknown as { readState: object }).readState = {
          text: button.textContent,
          disabled: button.disabled,
        };
        observer.disconnect();
      }).observe(button, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    await read.click();
    const state = await page.waitForFunction(() => (window as unknown as { readState?: object }).readState);
    expect(await state.jsonValue()).toEqual({ text: 'Loading...', disabled: true });
    await page.waitForURL('**/library/what-is-osint');
    await page.getByRole('heading', { level: 1, name: /What is OSINT\?/ }).waitFor();
    expect(await page.getByText('29 September 2025').isVisible()).toBe(true);
    expect(await page.getByText('3 min read').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Ethics and law' }).isVisible()).toBe(true);
    expect(await page.evaluate(meta, 'og:title')).toBe('What is OSINT? A Beginner’s Guide to Open Source Intelligence');
    expect(await page.evaluate(meta, 'description')).toMatch(/^An introduction to open source intelligence/);

    await page.getByRole('button', { name: 'Back to Library' }).first().click();
    await page.waitForURL('**/library');
    await page.getByRole('button', { name: 'Back to Search' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Find every profile behind a username' }).waitFor();
    await page.waitForFunction((title) => document.title === title, homeTitle);
    expect(await page.evaluate(meta, 'og:title')).toBe(homeTitle);
  });

  it('opens every article by its slug', async () => {
    const page = await journey.open('/library/investigating-leaks');
    await page.getByRole('heading', { level: 1, name: /Investigating Leaks/ }).waitFor();
    expect(await page.getByText('8 October 2025').isVisible()).toBe(true);
    await page.goto('/library/what-is-hound');
    await page.getByRole('heading', { level: 1, name: /What is Hound\?/ }).waitFor();
    expect(await page.getByText('1 October 2025').isVisible()).toBe(true);
  });

  it('shows "Article Not Found" for an unknown slug', async () => {
    const page = await journey.open('/library/no-such-article');
    await page.getByRole('heading', { name: 'Article Not Found' }).waitFor();
    expect(await page.getByText("The article you're looking for doesn't exist.").isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back to Library' }).click();
    await page.waitForURL('**/library');
  });
});
