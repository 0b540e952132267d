/**
 * Issue 25 item 15 in Chromium (decision 098): the pages run under their Content-Security-Policy with no
 * violation (every journey checks that; this one walks the main pages and the API docs), the session is
 * an HttpOnly cookie with nothing in localStorage, a page of another origin cannot use it to change
 * anything, and a BRAND_NAME with markup shows as text in the articles.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { address, register, sessionOf } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, search, USERNAME, useJourney, waitForCompletion } from '../support/journey.ts';

describeInBrowser('browser security: CSP, the session cookie, cross-site refusal', () => {
  const journey = useJourney({ slowMs: 100 });

  it('signs in with no token in localStorage and no CSP violation on the app and the API docs', async () => {
    const page = await journey.open('/');
    const home = await page.goto('/');
    const csp = home!.headers()['content-security-policy'] ?? '';
    const directives = csp.split(';').map((d) => d.trim());
    expect(directives).toContain("script-src 'self'"); // no inline script, no eval
    expect(directives).toContain("frame-ancestors 'none'");

    await search(page, USERNAME);
    await waitForCompletion(page);
    await screenshot(page, 'i25-csp-search', false);

    await register(page, journey.stack, address('csp'), 'Cass');
    expect(await page.evaluate(() => localStorage.getItem('auth.token'))).toBeNull();
    const { token } = await sessionOf(page);
    const stored = await page.evaluate(() => Object.values({ ...localStorage }).join('\n'));
    expect(stored).not.toContain(token);
    // HttpOnly: the page's scripts cannot see the session.
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await screenshot(page, 'i25-csp-dashboard', false);

    // A reload keeps the session (the cookie), and the settings page works under the policy.
    await page.goto('/dashboard/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();

    await page.goto('/library/what-is-hound');
    await page.getByRole('heading', { level: 1, name: /What is Hound\?/ }).waitFor();

    await page.goto('/api/docs');
    await page.getByText('Hound API').first().waitFor();
    await page.locator('.opblock').first().waitFor();
    await screenshot(page, 'i25-csp-api-docs', false);
  });

  it('refuses a state change that another origin sends with the cookie; the session stays', async () => {
    const page = await journey.open('/register');
    await register(page, journey.stack, address('victim'), 'Vic');
    const base = journey.stack.baseUrl;

    // Another origin on the same machine (another port of 127.0.0.1: same site, so the browser does send the
    // SameSite=Strict cookie). Its page posts to the app with the visitor's cookie.
    const evil = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>elsewhere</title><p>elsewhere</p>');
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const evilBase = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
      await page.goto(evilBase);
      const statuses = await page.evaluate(async (target) => {
        const tries = [
          fetch(`${target}/auth/logout-all`, { method: 'POST', credentials: 'include' }),
          fetch(`${target}/me/profile`, {
            method: 'PATCH',
            credentials: 'include',
            headers: { 'content-type': 'text/plain' },
            body: '{"first_name":"Eve"}',
          }),
        ];
        // No CORS: the answers are opaque to this page, and were refused anyway (see below).
        return Promise.all(tries.map((t) => t.then((r) => r.status).catch(() => 'blocked')));
      }, base);
      expect(statuses).toEqual(['blocked', 'blocked']);
    } finally {
      evil.close();
    }
    // The server refused them: the session still works and the name is unchanged.
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Hello, Vic' }).waitFor();
  });
});

describeInBrowser('browser security: a BRAND_NAME with markup', () => {
  const brand = 'Hound<script>alert(1)</script>';
  const journey = useJourney({ env: { BRAND_NAME: brand } });

  it('shows it as text in the article, runs nothing', async () => {
    const page = await journey.open('/library');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: /^Read Article: What is Hound<script>/ }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^What is Hound<script>/ });
    await heading.waitFor();
    expect(await heading.textContent()).toBe(`What is ${brand}? Username Search Across Thousands of Sites`);
    const body = page.locator('.prose');
    expect(await body.locator('script, img').count()).toBe(0);
    expect(await body.textContent()).toContain(`${brand} is an open-source tool`);
    expect(dialogs).toEqual([]);
    await screenshot(page, 'i25-brand-article', false);
  });
});
