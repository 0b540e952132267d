/**
 * Accounts for suites that are not about signing in: a user row and a session written straight to the
 * database (the sign-in flow itself is proven by auth.test.ts), answered as a bearer header.
 */

import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { AUTH_LIMITS } from '../../src/features/auth/auth-deps.ts';
import { createSession } from '../../src/features/auth/sessions.ts';
import { newId } from '../../src/ids.ts';

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
