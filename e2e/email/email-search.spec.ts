/**
 * Email search in the browser against the testkit's fakes of the shipped email catalogue: anonymous →
 * login → back, a search with real progress and results, My Searches, the zero-credit path, screenshots.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { EMAIL_COLUMNS } from '../../packages/web/src/features/email-search/email-report.ts';
import { address, register } from '../support/accounts.ts';
import { screenshot } from '../support/browser.ts';
import { describeInBrowser, useJourney } from '../support/journey.ts';
import { EMAIL_REGISTERED } from '../support/stack.ts';

describeInBrowser('email search', () => {
  // One credit per new account, so the second search meets "Not enough credits".
  const journey = useJourney({ slowMs: 100, env: { SIGNUP_CREDITS: '1' } });

  it('sends a visitor to sign in and back, runs the search with progress, and keeps it in My Searches', async () => {
    const page = await journey.open('/email-search');
    await page.getByRole('heading', { name: 'Find where an email address has accounts' }).waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Please enter an email address').waitFor();
    await page.getByLabel('Email address').fill(EMAIL_REGISTERED);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/login');

    // No account yet: register from the login page, then come back to the email page with the address kept.
    await page.getByRole('link', { name: 'Create one' }).click();
    const email = address('investigator');
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Stone');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Date of birth').fill('1988-03-03');
    const before = journey.stack.smtp.mails().length;
    await page.getByRole('button', { name: 'Continue' }).click();
    const mail = await journey.stack.smtp.waitForMail({ to: email, after: before });
    await page.getByLabel('6-digit code').fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    // Registered from the email search: back on the email page with the address kept (issue 27 item 14).
    await page.waitForURL(`**/email-search?email=${encodeURIComponent(EMAIL_REGISTERED)}`);
    expect(await page.getByLabel('Email address').inputValue()).toBe(EMAIL_REGISTERED);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Remaining credits: 1').waitFor();
    await dialog.getByRole('button', { name: 'Use My Credit' }).click();
    await dialog.getByRole('progressbar').waitFor();
    await dialog.getByRole('heading', { name: `Accounts for ${EMAIL_REGISTERED}` }).waitFor({ timeout: 30_000 });
    const accounts = dialog.getByRole('list', { name: `Accounts for ${EMAIL_REGISTERED}` }).getByRole('listitem');
    expect(await accounts.count()).toBeGreaterThan(30);
    // The dialog exports like the username results do (issue 41 item 4): every site asked, one row each.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^hound-known\.person_example\.com-\d{4}-\d\d-\d\d\.csv$/);
    const rows = (await readFile((await csv.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
    expect(rows[0]).toBe(EMAIL_COLUMNS.join(','));
    expect(rows.length).toBeGreaterThan(await accounts.count());
    const [html] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'HTML report' }).click(),
    ]);
    const report = await readFile((await html.path())!, 'utf8');
    expect(report).toContain(`Email search report: “${EMAIL_REGISTERED}”`);
    expect(report).not.toMatch(/<script/);
    const gravatar = accounts.filter({ hasText: 'Gravatar' });
    await gravatar.getByRole('button', { name: 'Show links' }).click();
    expect(await gravatar.getByRole('link', { name: 'Open profile' }).getAttribute('href')).toMatch(
      /^https:\/\/gravatar\.com\//,
    );
    // The local part is offered as a username search, started only by this click.
    await dialog.getByRole('link', { name: 'Search “known.person”' }).click();
    await page.getByRole('heading', { name: 'Results for "known.person"' }).waitFor({ timeout: 30_000 });

    await page.goto('/dashboard/my-searches');
    const log = page.getByTestId('email-log').first();
    await log.getByText(EMAIL_REGISTERED).waitFor();
    await log.getByRole('button', { name: 'Show accounts' }).click();
    await log.getByRole('listitem').filter({ hasText: 'Gravatar' }).first().waitFor();
    await page.goto('/dashboard');
    expect(await page.getByTestId('credits').textContent()).toBe('0');

    // The credit is spent: the next search is refused with the spec's message.
    await page.goto('/email-search');
    await page.getByLabel('Email address').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('dialog').getByText('Not enough credits').waitFor();
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Use My Credit' }).count()).toBe(0);
  });

  for (const width of [1280, 390] as const) {
    for (const theme of ['light', 'dark'] as const) {
      it(`screenshots of the page, each modal step and My Searches at ${width} px, ${theme}`, async () => {
        const page = await journey.open('/', { width, height: width > 500 ? 900 : 844, theme });
        await register(page, journey.stack, address(`shot${width}${theme}`), 'Ivy');
        await page.goto('/email-search');
        await page.getByRole('heading', { name: 'Find where an email address has accounts' }).waitFor();
        await screenshot(page, 'email-search-page');
        await page.getByLabel('Email address').fill(EMAIL_REGISTERED);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Remaining credits: 1').waitFor();
        await screenshot(page, 'email-modal-select', false);
        // Hold one site back so the progress step can be seen.
        journey.stack.internet.fault('api.x.com', { kind: 'latency', ms: 2500 });
        await dialog.getByRole('button', { name: 'Use My Credit' }).click();
        await dialog.getByRole('progressbar').waitFor();
        // What is really happening: the sites asked, the accounts found so far, the latest answers (not the
        // spec's staged "Checking dating apps").
        await dialog.getByText(/^Asking \d+ sites whether this address has an account…$/).waitFor();
        await dialog.getByText(/accounts? found so far$/).waitFor();
        await dialog.getByText('Latest answers').waitFor();
        expect(await dialog.getByText('Checking dating apps').count()).toBe(0);
        await screenshot(page, 'email-modal-progress', false);
        await dialog.getByRole('heading', { name: /Accounts for/ }).waitFor({ timeout: 30_000 });
        journey.stack.internet.fault('api.x.com', null);
        await screenshot(page, 'email-modal-results', false);
        await dialog.getByRole('button', { name: 'Close' }).first().click();
        await page.goto('/dashboard/my-searches');
        await page.getByTestId('email-log').first().getByRole('button', { name: 'Show accounts' }).click();
        await screenshot(page, 'my-searches');
      });
    }
  }
});
