import { ACCOUNT_MESSAGES, normaliseEmail } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { AuthDeps } from './auth-deps.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './passwords.ts';
import { hitBucket, peekBucket } from './rate-buckets.ts';
import { bucketKey } from './secrets.ts';
import { createSession } from './sessions.ts';

const HOUR_MS = 3600_000;

/**
 * `POST /auth/login {email, password}` (spec 000): only accounts that exist (so their address proved
 * itself with a code) and chose a password. Unknown addresses cost the same scrypt run and get the same
 * answer; failures per address are capped per hour.
 */
export async function passwordLogin(
  deps: AuthDeps,
  input: { email: string; password: string; client: string },
): Promise<{ token: string; user: UserRow }> {
  const { db, options } = deps;
  const now = deps.now();
  const email = normaliseEmail(input.email);
  const failures = bucketKey(await deps.key(), 'password-fail', email);
  // Checked before the password, so guesses past the cap learn nothing, right or wrong.
  if ((await peekBucket(db, failures, HOUR_MS, now)) >= options.limits.passwordFailuresPerHour) {
    throw new AppError('AUTH_TOO_MANY_ATTEMPTS', ACCOUNT_MESSAGES.tooManyAttempts, {
      headers: { 'retry-after': String(Math.ceil((HOUR_MS - (now.getTime() % HOUR_MS)) / 1000)) },
    });
  }
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user?.passwordHash || !ok) {
    await hitBucket(db, failures, HOUR_MS, now);
    throw new AppError('AUTH_INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials);
  }
  const admin = options.adminEmails.includes(email);
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: now, ...(admin ? { isAdmin: true } : {}) })
    .where(eq(users.id, user.id))
    .returning();
  const token = await createSession(db, user.id, input.client, now, options.limits);
  return { token, user: updated ?? user };
}
