import { expect, it } from 'vitest';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, useJourney } from '../support/journey.ts';

describeInBrowser('search: errors', () => {
  const journey = useJourney();

  it('tells the username rule at the form, before sending, for each kind of bad name', async () => {
    const page = await journey.open('/');
    const starts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/search')) starts.push(r.url());
    });
    for (const [name, says] of [
      ['mañana', 'Not allowed: “ñ”.'],
      ['x'.repeat(65), 'This name has 65 characters.'],
      ['john doe', 'Spaces are not allowed'],
    ] as const) {
      await search(page, name);
      const alert = page.getByRole('alert');
      await alert.getByText(says, { exact: false }).waitFor();
      expect(await alert.getByRole('heading', { name: 'Error' }).isVisible()).toBe(true);
      expect(await alert.getByText(/letters A–Z, digits and \. _ - only, up to 64 characters/).isVisible()).toBe(true);
      // The message stands right under the box, not below an empty results panel.
      const inputBox = (await page.getByPlaceholder('Enter username to search...').boundingBox())!;
      const alertBox = (await alert.boundingBox())!;
      expect(alertBox.y - (inputBox.y + inputBox.height)).toBeLessThan(120);
    }
    expect(await page.getByRole('heading', { name: /Results for/ }).count()).toBe(0);
    expect(starts).toEqual([]);
  });

  it('an empty Search click says why nothing happens', async () => {
    const page = await journey.open('/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('alert').getByText('Type a username first: the search needs a name to look for.').waitFor();
    await page.getByPlaceholder('Enter username to search...').fill('a');
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  for (const width of [1280, 390] as const) {
    it(`explains email-shaped input and offers both searches: the name before the @, or the address (${width} px)`, async () => {
      const page = await journey.open('/', { width, theme: width === 390 ? 'dark' : 'light' });
      await page.getByPlaceholder('Enter username to search...').fill('someone@example.com');
      expect(await page.getByText(/looks like an email address/).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Search “someone” instead' }).waitFor();
      await screenshot(page, 'email-in-username-box', false);
      await page.getByRole('link', { name: 'Search this address with Hound Email' }).click();
      await page.waitForURL('**/email-search?email=someone%40example.com');
      expect(await page.getByLabel('Email address').inputValue()).toBe('someone@example.com');
    });
  }
});
