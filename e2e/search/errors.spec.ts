import { expect, it } from 'vitest';
import { describeInBrowser, search, useJourney } from '../support/journey.ts';

describeInBrowser('search: errors', () => {
  const journey = useJourney();

  it('shows the 422 message under an Error heading for unsupported characters', async () => {
    const page = await journey.open('/');
    await search(page, 'bad name!');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.getByRole('heading', { name: 'Error' }).isVisible()).toBe(true);
    expect(await alert.getByText('Use letters only. Do not use special characters.').isVisible()).toBe(true);
  });

  it('explains email-shaped input instead of searching it', async () => {
    const page = await journey.open('/');
    await page.getByPlaceholder('Enter username to search...').fill('someone@example.com');
    expect(await page.getByText(/looks like an email address/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isDisabled()).toBe(true);
  });
});
