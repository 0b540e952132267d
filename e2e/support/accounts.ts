/** Signing up in the browser with the code the stack mailed to the testkit's SMTP server. */
import type { Cookie, Page } from 'playwright-core';
import type { Stack } from './stack.ts';

let n = 0;

/** A fresh address per call, so journeys sharing one stack never meet. */
export const address = (label: string) => `${label}.${++n}.${Date.now().toString(36)}@example.com`;

/** The 6-digit code in a mail sent to `to` after the `after`-th mail. */
export async function mailedCode(stack: Stack, to: string, after: number): Promise<string> {
  const mail = await stack.smtp.waitForMail({ to, after }, 15_000);
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in: ${mail.text}`);
  return match[1]!;
}

/** Registers through the form and lands on the dashboard. */
export async function register(page: Page, stack: Stack, email: string, first = 'Ann'): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Date of birth').fill('1990-04-02');
  const before = stack.smtp.mails().length;
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  await page.getByLabel('6-digit code').fill(await mailedCode(stack, email, before));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: `Hello, ${first}` }).waitFor();
}

/**
 * A signed-in page's session (decision 098): the HttpOnly cookie, read through the browser context as the
 * page's own scripts cannot. `token` is the same value, for API calls the journey makes with a bearer header.
 */
export async function sessionOf(page: Page): Promise<{ cookies: Cookie[]; token: string }> {
  const cookies = (await page.context().cookies()).filter((c) => c.name.endsWith('hound_session'));
  if (cookies.length !== 1) throw new Error(`expected one session cookie, got ${cookies.length}`);
  return { cookies, token: cookies[0]!.value };
}

/** Signs `page` (on the app's origin) in with a session taken from another page. */
export async function useSession(page: Page, session: { cookies: Cookie[] }): Promise<void> {
  await page.context().addCookies(session.cookies);
  await page.evaluate(() => localStorage.setItem('auth.signedIn', '1'));
}
