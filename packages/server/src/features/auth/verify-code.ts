import { ACCOUNT_MESSAGES, codeProblem, normaliseEmail } from '@hound/contracts';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type OtpPurpose, otpChallenges, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { grantSignupCredits } from '../credits/signup-credits.ts';
import type { AuthDeps } from './auth-deps.ts';
import { codeDigest, sameDigest } from './secrets.ts';
import { createSession } from './sessions.ts';

export interface VerifyCodeInput {
  purpose: OtpPurpose;
  email: string;
  code: string;
  /** Short description of the device, stored on the session. */
  client: string;
}

const invalidCode = () => new AppError('AUTH_INVALID_CODE', ACCOUNT_MESSAGES.invalidCode);

/**
 * Verifies a code and opens a session. Each try first takes one of the challenge's five attempts in a single
 * conditional UPDATE, so parallel guesses cannot exceed them; the code is then consumed by another
 * conditional UPDATE inside the transaction that creates the session, so of any number of parallel
 * verifies of a valid code exactly one gets a token. Every failure answers the same "Invalid code".
 */
export async function verifyCode(
  deps: AuthDeps,
  input: VerifyCodeInput,
): Promise<{ token: string; user: UserRow; created: boolean }> {
  const problem = codeProblem(input.code);
  if (problem) throw new AppError('INVALID_INPUT', problem);
  const { db, options } = deps;
  const now = deps.now();
  const email = normaliseEmail(input.email);
  const key = await deps.key();

  const [attempt] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.purpose, input.purpose),
        eq(otpChallenges.email, email),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, options.limits.maxAttempts),
        gt(otpChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!attempt) throw invalidCode();
  const digest = codeDigest(key, input.purpose, email, input.code);
  // Compare against every live code without stopping early, so timing does not tell which one matched.
  let matched = false;
  for (const code of attempt.codes) {
    if (sameDigest(code.hash, digest) && new Date(code.expiresAt) > now) matched = true;
  }
  if (!matched) throw invalidCode();

  const admin = options.adminEmails.includes(email);
  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.id, attempt.id), isNull(otpChallenges.consumedAt)))
      .returning({ id: otpChallenges.id });
    if (!consumed) throw invalidCode();

    let user: UserRow | undefined;
    let created = false;
    if (input.purpose === 'register') {
      const pending = attempt.pending;
      if (!pending) throw invalidCode();
      [user] = await tx
        .insert(users)
        .values({
          id: newId(),
          email,
          firstName: pending.firstName,
          lastName: pending.lastName,
          dateOfBirth: pending.dateOfBirth,
          passwordHash: pending.passwordHash ?? null,
          isAdmin: admin,
          language: pending.language,
          createdAt: now,
          updatedAt: now,
          lastLoginAt: now,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!user) throw invalidCode(); // the address got an account meanwhile: the registration is void
      created = true;
      user = { ...user, emailSearchCredits: await grantSignupCredits(tx, key, user, options.signupCredits) };
    } else {
      [user] = await tx
        .update(users)
        .set({ lastLoginAt: now, ...(admin ? { isAdmin: true } : {}) })
        .where(eq(users.email, email))
        .returning();
      if (!user) throw invalidCode();
    }
    const token = await createSession(tx, user.id, input.client, now, options.limits);
    return { token, user, created };
  });
}
