import { ACCOUNT_MESSAGES, codeProblem, normaliseEmail } from '@hound/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type OtpCode, type OtpPurpose, otpChallenges, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { grantSignupCredits } from '../credits/signup-credits.ts';
import type { AuthDeps } from './auth-deps.ts';
import { hitBucket, unhitBucket } from './rate-buckets.ts';
import { bucketKey, codeDigest, hashToken, sameDigest } from './secrets.ts';
import { createSession } from './sessions.ts';

const HOUR_MS = 3600_000;

export interface VerifyCodeInput extends CodeGuess {
  /** Short description of the device, stored on the session. */
  client: string;
}

const invalidCode = () => new AppError('AUTH_INVALID_CODE', ACCOUNT_MESSAGES.invalidCode);

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A guess at the code of (purpose, address), from a caller at `ip`. */
export interface CodeGuess {
  purpose: OtpPurpose;
  email: string;
  code: string;
  ip: string;
  /** The client's flow id: when given, only codes mailed for that flow are compared (decision 135). */
  requestId?: string;
}

/**
 * Judges one guess and, if it is right, finishes what the code was mailed for (`finish`, inside the same
 * transaction, with the matching code; null from it voids the code like a wrong one). The transaction locks
 * the address's challenge, so parallel tries are counted one by one and of any number of parallel guesses
 * of a valid code exactly one finishes. Guesses (decision 093): a caller that asked for live codes is
 * compared with those only, and its misses count on them (five kill a code); any other caller is compared
 * with all live codes and its misses count on the address, across all codes (five, then strangers are
 * refused). So a stranger's guesses never kill the owner's code, and every IP has an hourly cap on wrong
 * codes, counted before the guess is judged. Every failure is "Invalid code".
 */
export async function judgeCode<T>(
  deps: AuthDeps,
  guess: CodeGuess,
  finish: (tx: Tx, matched: OtpCode) => Promise<T | null>,
  /** Which codes this caller may use at all (an address change's code: only its account's); others are not compared. */
  usable: (code: OtpCode) => boolean = () => true,
): Promise<T> {
  const problem = codeProblem(guess.code);
  if (problem) throw new AppError('INVALID_INPUT', problem);
  const { db, options } = deps;
  const limits = options.limits;
  const now = deps.now();
  const email = normaliseEmail(guess.email);
  const key = await deps.key();
  const wrongFromIp = bucketKey(key, 'code-ip', guess.ip);
  // Counted before the code is compared, so of a burst sent at once no more than the cap are judged
  // (checking first and counting after let 40 parallel guesses all through); a right code gives it back.
  const wrong = await hitBucket(db, wrongFromIp, HOUR_MS, now);
  if (wrong.count > limits.wrongCodesPerIpPerHour) {
    throw new AppError('AUTH_TOO_MANY_ATTEMPTS', ACCOUNT_MESSAGES.tooManyAttempts, {
      headers: { 'retry-after': String(wrong.resetSeconds) },
    });
  }
  const requester = bucketKey(key, 'ip', guess.ip);
  const flow = guess.requestId ? hashToken(guess.requestId) : undefined;
  const digest = codeDigest(key, guess.purpose, email, guess.code);

  const outcome = await db.transaction(async (tx): Promise<{ ok: true; value: T } | { ok: false }> => {
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(
        and(
          eq(otpChallenges.purpose, guess.purpose),
          eq(otpChallenges.email, email),
          isNull(otpChallenges.consumedAt),
          gt(otpChallenges.expiresAt, now),
        ),
      )
      .for('update');
    if (!challenge) return { ok: false };
    const live = challenge.codes.filter(
      (c) =>
        new Date(c.expiresAt) > now &&
        c.misses < limits.maxAttempts &&
        usable(c) &&
        (flow === undefined || c.request === flow),
    );
    const own = live.filter((c) => c.requester === requester);
    const stranger = own.length === 0;
    if (stranger && challenge.attempts >= limits.strangerAttempts) return { ok: false };
    // Compare against every candidate without stopping early, so timing does not tell which one matched.
    let matched: OtpCode | undefined;
    for (const c of stranger ? live : own) if (sameDigest(c.hash, digest)) matched = c;
    if (!matched) {
      await tx
        .update(otpChallenges)
        .set(
          stranger
            ? { attempts: challenge.attempts + 1 }
            : { codes: challenge.codes.map((c) => (own.includes(c) ? { ...c, misses: c.misses + 1 } : c)) },
        )
        .where(eq(otpChallenges.id, challenge.id));
      return { ok: false };
    }
    await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
    const value = await finish(tx, matched);
    return value === null ? { ok: false } : { ok: true, value };
  });
  if (!outcome.ok) throw invalidCode();
  await unhitBucket(db, wrongFromIp, HOUR_MS, now);
  return outcome.value;
}

/** Verifies a sign-in or sign-up code and opens a session (see `judgeCode`). */
export async function verifyCode(
  deps: AuthDeps,
  input: VerifyCodeInput,
): Promise<{ token: string; user: UserRow; created: boolean }> {
  const { options } = deps;
  const now = deps.now();
  const email = normaliseEmail(input.email);
  const key = await deps.key();
  const admin = options.adminEmails.includes(email);
  return judgeCode(deps, input, async (tx, matched) => {
    let user: UserRow | undefined;
    let created = false;
    if (input.purpose === 'register') {
      // The details this code was mailed for, and no other request's.
      const pending = matched.pending;
      if (!pending) return null;
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
      if (!user) return null; // the address got an account meanwhile: the registration is void
      created = true;
      user = { ...user, emailSearchCredits: await grantSignupCredits(tx, key, user, options.signupCredits) };
    } else {
      [user] = await tx
        .update(users)
        .set({ lastLoginAt: now, ...(admin ? { isAdmin: true } : {}) })
        .where(eq(users.email, email))
        .returning();
      if (!user) return null;
    }
    const token = await createSession(tx, user.id, input.client, now, options.limits);
    return { token, user, created };
  });
}
