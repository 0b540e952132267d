/**
 * The dashboard's API section in the browser: a new key and a new webhook endpoint each show their secret
 * once (the shared SecretForm and ShownOnce), at 1280 and 390 px, light and dark, with no sideways scroll.
 * Screenshots in e2e/artifacts/.
 */
import { expect, it } from 'vitest';
import { address, register } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';

describeInBrowser('dashboard API section', () => {
  // Endpoints on this machine's loopback (nothing is sent until an event or a test): no name to resolve.
  const journey = useJourney({ slowMs: 100, env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });

  for (const width of [1280, 390] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`creates a key and an endpoint, each secret shown once, at ${width} px ${theme}`, async () => {
        const page = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
        // An account each (the free plan's few keys).
        await register(page, journey.stack, address('api'));
        await page.goto('/dashboard/api');
        await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`phone ${width} ${theme}`);
        await page.getByRole('button', { name: 'Create key' }).click();
        await page.getByRole('heading', { name: 'Your new key' }).waitFor();
        await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(`http://127.0.0.1:9/hound/${width}/${theme}`);
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        await page.getByRole('heading', { name: 'Signing secret' }).waitFor();
        await screenshot(page, 'dashboard-api-secrets');
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways).toBe(0);
        // "Stored" closes each block; the created key and endpoint stay listed.
        const stored = page.getByRole('button', { name: /stored/i });
        while ((await stored.count()) > 0) await stored.first().click();
        await expect.poll(() => page.getByRole('heading', { name: 'Your new key' }).count()).toBe(0);
        expect(await page.getByRole('heading', { name: 'Signing secret' }).count()).toBe(0);
        expect(await page.getByText(`http://127.0.0.1:9/hound/${width}/${theme}`).count()).toBe(1);
      }, 90_000);
    }
  }
});
