import { ACCOUNT_MESSAGES, normaliseEmail } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { AuthDeps } from './auth-deps.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './passwords.ts';
import { hitBucket, unhitBucket } from './rate-buckets.ts';
import { bucketKey } from './secrets.ts';
import { createSession } from './sessions.ts';

const tooManyAttempts = (retry: number) =>
  new AppError('AUTH_TOO_MANY_ATTEMPTS', ACCOUNT_MESSAGES.tooManyAttempts, {
    headers: { 'retry-after': String(retry) },
  });

/**
 * `POST /auth/login {email, password}` (spec 000): only accounts that exist (so their address proved
 * itself with a code) and chose a password. Unknown addresses cost the same scrypt run and get the same
 * answer. Before any hashing (decision 093): tries per IP are capped, and so are failures per address
 * (short windows: the cap can be filled by a stranger, and the owner can still sign in with a code);
 * the hashing itself runs in a few global slots (`passwords.ts`).
 */
export async function passwordLogin(
  deps: AuthDeps,
  input: { email: string; password: string; client: string; ip: string },
): Promise<{ token: string; user: UserRow }> {
  const { db, options } = deps;
  const limits = options.limits;
  const now = deps.now();
  const email = normaliseEmail(input.email);
  const key = await deps.key();
  const tries = await hitBucket(db, bucketKey(key, 'password-ip', input.ip), limits.passwordWindowMs, now);
  if (tries.count > limits.passwordTriesPerIp) throw tooManyAttempts(tries.resetSeconds);
  const failures = bucketKey(key, 'password-fail', email);
  // Counted as a failure before the password is checked, so guesses past the cap learn nothing, right or
  // wrong, and a parallel burst cannot all be judged; a right password gives the count back.
  const failed = await hitBucket(db, failures, limits.passwordWindowMs, now);
  if (failed.count > limits.passwordFailuresPerAddress) throw tooManyAttempts(failed.resetSeconds);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  let ok: boolean;
  try {
    ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  } catch (error) {
    // No slot to hash in (503 `AUTH_BUSY`): nothing was judged, so nothing is counted.
    await unhitBucket(db, failures, limits.passwordWindowMs, now);
    throw error;
  }
  if (!user?.passwordHash || !ok) throw new AppError('AUTH_INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials);
  await unhitBucket(db, failures, limits.passwordWindowMs, now);
  const admin = options.adminEmails.includes(email);
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: now, ...(admin ? { isAdmin: true } : {}) })
    .where(eq(users.id, user.id))
    .returning();
  const token = await createSession(db, user.id, input.client, now, options.limits);
  return { token, user: updated ?? user };
}
