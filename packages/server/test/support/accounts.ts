/**
 * Accounts for tests: a user row and a session written straight to the database for suites that are not
 * about signing in (the sign-in flow itself is proven by auth.test.ts), and the helpers of the real flow
 * (one-time code in a mail, fresh addresses, sign-up against a running server process).
 */

import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { AUTH_LIMITS } from '../../src/features/auth/auth-deps.ts';
import { createSession } from '../../src/features/auth/sessions.ts';
import { newId } from '../../src/ids.ts';
import { type Call, waitFor } from './http-client.ts';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  headers: { authorization: string };
}

let n = 0;

export async function createTestUser(
  db: Database,
  options: { email?: string; isAdmin?: boolean; credits?: number; plan?: 'free' | 'trial' | 'premium' } = {},
): Promise<TestUser> {
  n += 1;
  const id = newId();
  const email = options.email ?? `user${n}.${id.slice(0, 6).toLowerCase()}@example.com`;
  await db.insert(users).values({
    id,
    email,
    firstName: `First${n}`,
    lastName: 'Tester',
    dateOfBirth: '1990-01-01',
    isAdmin: options.isAdmin ?? false,
    plan: options.plan ?? 'free',
    emailSearchCredits: options.credits ?? 0,
  });
  const token = await createSession(db, id, 'test on test', new Date(), AUTH_LIMITS);
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The six-digit one-time code in a sign-in or sign-up mail. */
export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no code in mail: ${text}`);
  return match[1]!;
}

let addresses = 0;
/** A fresh address per call, so tests do not share cooldowns or accounts. */
export function freshAddress(label: string): string {
  addresses += 1;
  return `${label}.${addresses}.${Date.now().toString(36)}@example.com`;
}

/**
 * Signs up on a running server process without SMTP (the code from its development mailbox, `/dev/mailbox.json`)
 * and answers the new session's token.
 */
export async function signUpThroughDevMailbox(call: Call, email: string): Promise<string> {
  const sent = await call('POST', '/auth/register/send-otp', {
    first_name: 'Process',
    last_name: 'Tester',
    email,
    date_of_birth: '1990-01-01',
  });
  if (sent.status !== 200) throw new Error(`send-otp answered ${sent.status}: ${sent.text}`);
  const mail = await waitFor(async () => {
    const items = (await call('GET', '/dev/mailbox.json')).json?.items as { to: string; text: string }[] | undefined;
    return items?.find((m) => m.to === email);
  }, 30_000);
  const verified = await call('POST', '/auth/register/verify-otp', { email, code: codeIn(mail.text) });
  if (verified.status !== 200) throw new Error(`verify-otp answered ${verified.status}: ${verified.text}`);
  return verified.json.access_token;
}
