/**
 * Decision 106: the email search form's "Include adult sites" box sends `adult: true`, so the search asks
 * the adult sites a default search leaves out; screenshots of the form at 1280 and 390 px (en, tr).
 */
import { expect, it } from 'vitest';
import { address, register, sessionOf } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

describeInBrowser('email search: adult sites', () => {
  const journey = useJourney({ env: { SIGNUP_CREDITS: '2' } });

  async function checkIds(token: string, id: string): Promise<string[]> {
    const res = await fetch(`${journey.stack.baseUrl}/api/email/searches/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { results: Array<{ check_id: string }> };
    return body.results.map((r) => r.check_id);
  }

  async function runSearch(page: Awaited<ReturnType<typeof journey.open>>, adult: boolean): Promise<string> {
    await page.goto('/email-search');
    await page.getByLabel('Email address').fill(EMAIL_REGISTERED);
    const box = page.getByRole('checkbox', { name: 'Include adult sites' });
    expect(await box.isChecked()).toBe(false);
    if (adult) await box.check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Use My Credit' }).click();
    await dialog.getByRole('heading', { name: /Accounts for/ }).waitFor({ timeout: 60_000 });
    return /\/email-search\/([^/?#]+)/.exec(page.url())![1]!;
  }

  it('asks adult sites only when the box is ticked', async () => {
    const page = await journey.open('/');
    await register(page, journey.stack, address('adultbox'), 'Ivy');
    const { token } = await sessionOf(page);
    const plain = await checkIds(token, await runSearch(page, false));
    const opted = await checkIds(token, await runSearch(page, true));
    expect(plain).not.toContain('pornhub');
    expect(opted).toContain('pornhub');
    expect(opted.length).toBeGreaterThan(plain.length);
  }, 180_000);

  for (const [width, locale, label] of [
    [1280, 'en', 'Include adult sites'],
    [390, 'en', 'Include adult sites'],
    [390, 'tr', 'Yetişkin sitelerini de dahil et'],
  ] as const) {
    it(`shows the box on the form at ${width} px (${locale})`, async () => {
      const page = await journey.open('/email-search', {
        width,
        height: width > 500 ? 900 : 844,
        // The language is the visitor's stored choice.
        ...(locale === 'tr' ? { beforeLoad: () => localStorage.setItem('language', 'tr') } : {}),
      });
      const box = page.getByRole('checkbox', { name: label });
      await box.waitFor();
      await box.check();
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `email-search-adult-${locale}`);
    });
  }
});
