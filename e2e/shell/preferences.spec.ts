import { expect, it } from 'vitest';
import { describeInBrowser, useJourney } from '../support/journey.ts';

const isDark = () => document.documentElement.classList.contains('dark');

describeInBrowser('shell: theme and language', () => {
  const journey = useJourney();

  it('follows the system theme, and keeps a toggled theme across reloads', async () => {
    const page = await journey.open('/', { theme: 'dark' });
    expect(await page.evaluate(isDark)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await page.evaluate(isDark)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    expect(await page.evaluate(isDark)).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.reload();
    expect(await page.evaluate(isDark)).toBe(true);
  });

  it('switches to Turkish and keeps it across reloads', async () => {
    const page = await journey.open('/');
    await page.getByLabel('Language').selectOption('tr');
    await page.getByRole('button', { name: 'Ara', exact: true }).waitFor();
    expect(await page.getByPlaceholder('Aranacak kullanıcı adını girin...').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('tr');
    expect(await page.title()).toContain('bir kullanıcı adının');
    await page.reload();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Kütüphane' }).isVisible()).toBe(true);
    await page.getByLabel('Dil').selectOption('en');
    await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
  });

  it('tells the username rule in Turkish from the Turkish catalogue', async () => {
    const page = await journey.open('/');
    await page.getByLabel('Language').selectOption('tr');
    await page.getByPlaceholder('Aranacak kullanıcı adını girin...').fill('bad name!');
    await page.getByRole('button', { name: 'Ara', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'Hata' }).waitFor();
    expect(await alert.getByText(/Boşluk kullanılamaz.*en fazla 64 karakter/).isVisible()).toBe(true);
  });
});

describeInBrowser('shell: pages, footer and crash screen', () => {
  const journey = useJourney();

  it('shows the full footer on the home page and the minimal one elsewhere', async () => {
    const page = await journey.open('/');
    const footer = page.locator('footer');
    expect(await footer.getByRole('heading', { name: 'What is Hound?' }).isVisible()).toBe(true);
    expect(await footer.getByRole('heading', { name: 'How to use it' }).isVisible()).toBe(true);
    expect(await footer.getByRole('heading', { name: 'Features' }).isVisible()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Sherlock project on GitHub' }).getAttribute('href')).toBe(
      'https://github.com/sherlock-project/sherlock',
    );
    expect(await footer.getByText(`© ${new Date().getFullYear()} Hound.`).isVisible()).toBe(true);
    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    expect(await page.locator('footer').getByRole('heading').count()).toBe(0);
  });

  it('Terms has the spec’s 8 sections and the paid half’s; Privacy states the retention; Licenses lists the bundle', async () => {
    const page = await journey.open('/terms');
    await page.getByText('Last updated: November 2026').waitFor();
    expect(await page.locator('main h2').allInnerTexts()).toEqual([
      '1. Service overview',
      '2. User obligations',
      '3. Data accuracy disclaimers',
      '4. Legal compliance',
      '5. Account management',
      '6. Plans, subscriptions and renewal',
      '7. Cancellation and refunds',
      '8. Credits',
      '9. Email search and Email Plus',
      '10. Service modifications',
      '11. Intellectual property',
      '12. Contact',
    ]);
    // Back to home: "Loading..." and disabled, then /.
    const back = page.getByRole('button', { name: 'Back to Home' });
    await back.click();
    expect(await page.getByRole('button', { name: 'Loading...' }).isDisabled()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/privacy');
    await page.getByText(/deleted automatically 30 days after the search/).waitFor();
    expect(await page.getByText(/sets no cookies/).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    await page.goto('/licenses');
    await page.getByText('WhatsMyName').first().waitFor();
    expect(await page.getByText(/— CC BY-SA 4.0/).isVisible()).toBe(true);
    await page.getByText('react-dom').waitFor();
    expect(await page.getByText('zod').count()).toBeGreaterThan(0);
  });

  it('the brand link reloads the page on /', async () => {
    const page = await journey.open('/');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await Promise.all([page.waitForEvent('load'), page.getByRole('link', { name: 'Hound home' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });

  it('a production build shows no crash screen at /__crash to the public', async () => {
    const page = await journey.open('/__crash');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Something Went Wrong' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/not found/i);
  });

  it('a render error shows the crash screen with details and a reload button', async () => {
    // The crash-test route exists only for a tab that asks for it (issue 15).
    const page = await journey.open('/__crash', { beforeLoad: () => sessionStorage.setItem('hound.crashTest', '1') });
    await page.getByRole('heading', { name: 'Something Went Wrong' }).waitFor();
    const details = page.locator('details');
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.getByText('Technical details').click();
    expect(
      await details
        .getByText(/Deliberate render error/)
        .first()
        .isVisible(),
    ).toBe(true);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload Page' }).click()]);
    await page.getByRole('heading', { name: 'Something Went Wrong' }).waitFor();
  });

  it('an unknown path shows a not-found page', async () => {
    const page = await journey.open('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });
});
