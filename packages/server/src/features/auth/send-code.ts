import { ACCOUNT_MESSAGES, normaliseEmail, type SendOtpResponse } from '@hound/contracts';
import { and, eq, isNotNull, lte, or } from 'drizzle-orm';
import {
  type OtpCode,
  type OtpPurpose,
  otpChallenges,
  type PendingRegistration,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { maskAddress } from '../../mail/mailer.ts';
import {
  addressTakenMail,
  alreadyRegisteredMail,
  changeEmailCodeMail,
  loginCodeMail,
  type MailLanguage,
  noAccountMail,
  registerCodeMail,
} from '../../mail/templates/account-mails.ts';
import type { AuthDeps } from './auth-deps.ts';
import { hashPassword } from './passwords.ts';
import { hitBucket } from './rate-buckets.ts';
import { bucketKey, codeDigest, hashToken, newCode } from './secrets.ts';

const HOUR_MS = 3600_000;
/** Bound on the codes kept on one challenge (the caps keep it far lower; this only bounds the row). */
const CODES_KEPT = 10;

export interface SendCodeInput {
  purpose: OtpPurpose;
  /** Already validated. */
  email: string;
  /** For registration: the details the account will be created with once this request's code is verified. */
  pending?: Omit<PendingRegistration, 'passwordHash'>;
  /** For registration with a password: validated, hashed only once the cheap limits have passed. */
  password?: string;
  /** For `change_email`: the account that moves to the address. */
  change?: { userId: string };
  /** The client's flow id (`request_id`), if it sent one. */
  requestId?: string;
  ip: string;
  language: MailLanguage;
}

const tooManyCodes = (retry: number) =>
  new AppError('AUTH_TOO_MANY_CODES', ACCOUNT_MESSAGES.tooManyCodes, { headers: { 'retry-after': String(retry) } });

const cooldown = (seconds: number) =>
  new AppError('AUTH_TOO_MANY_CODES', ACCOUNT_MESSAGES.codeCooldown.replace('{seconds}', String(seconds)), {
    headers: { 'retry-after': String(seconds) },
  });

/**
 * Sends a sign-in or sign-up code. The answer is the same whether or not the address has an account:
 * login for an unknown address and registration for a known one send an explanatory mail instead of a
 * code, after the same cooldown and caps, and the mail leaves after the answer (no timing difference).
 *
 * Order (decision 093): the per-IP cap, then the cooldown and the per-address cap (`claimCooldown`, atomic),
 * and only then is a password hashed and the code added.
 * Each code carries who asked for it and, for registration, the details it finishes: a later request for
 * the same address adds its own code and changes nothing an earlier code finishes.
 */
export async function sendCode(deps: AuthDeps, input: SendCodeInput): Promise<SendOtpResponse> {
  const { db, options } = deps;
  const limits = options.limits;
  const now = deps.now();
  const email = normaliseEmail(input.email);
  const key = await deps.key();
  const cooldownMs = limits.resendCooldownSeconds * 1000;

  const perIp = await hitBucket(db, bucketKey(key, 'otp-ip', input.ip), HOUR_MS, now);
  if (perIp.count > limits.codesPerIpPerHour) throw tooManyCodes(perIp.resetSeconds);
  const challengeId = await claimCooldown(deps, input.purpose, email, key, now);

  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  // Sign-in needs an account at the address; registration and an address change need it free.
  const codeWanted = input.purpose === 'login' ? Boolean(account) : !account;
  // Hashed whether or not a code goes out, so the answer's timing does not tell whether the address has an account.
  let passwordHash: string | undefined;
  try {
    passwordHash = input.password ? await hashPassword(input.password) : undefined;
  } catch (error) {
    // Busy hashing slots: give the cooldown back, so the person can simply try again.
    await db
      .update(otpChallenges)
      .set({ lastSentAt: new Date(now.getTime() - cooldownMs) })
      .where(and(eq(otpChallenges.id, challengeId), eq(otpChallenges.lastSentAt, now)));
    throw error;
  }
  let code: string | undefined;
  if (codeWanted) {
    code = newCode();
    const added: OtpCode = {
      hash: codeDigest(key, input.purpose, email, code),
      expiresAt: new Date(now.getTime() + limits.codeTtlMs).toISOString(),
      requester: bucketKey(key, 'ip', input.ip),
      misses: 0,
      ...(input.pending ? { pending: { ...input.pending, ...(passwordHash ? { passwordHash } : {}) } } : {}),
      ...(input.change ? { change: input.change } : {}),
      ...(input.requestId ? { request: hashToken(input.requestId) } : {}),
    };
    await addCode(deps, challengeId, added, now);
  }

  const context = { brand: options.brand, publicUrl: options.publicUrl, language: input.language };
  const message =
    input.purpose === 'login'
      ? code
        ? loginCodeMail(email, code, context)
        : noAccountMail(email, context)
      : input.purpose === 'change_email'
        ? code
          ? changeEmailCodeMail(email, code, context)
          : addressTakenMail(email, context)
        : code
          ? registerCodeMail(email, code, input.pending?.firstName ?? '', context)
          : alreadyRegisteredMail(email, context);
  deps.mailer.send(message).catch((error: unknown) => {
    deps.log.error({ err: error, to: maskAddress(email) }, 'mail could not be sent');
  });
  return {
    status: 'sent',
    message: 'If the address can be used, a code is on its way. Check your inbox (and spam folder).',
    resend_after_seconds: limits.resendCooldownSeconds,
  };
}

/**
 * Takes the cooldown of (purpose, address) with one conditional upsert, in a transaction that also counts
 * the send against the per-address cap (and rolls both back when over it). The row stays locked until
 * commit, so of any number of parallel sends exactly one gets past; the others find the cooldown taken.
 * A finished or expired challenge starts over. Answers the challenge's id.
 */
async function claimCooldown(
  deps: AuthDeps,
  purpose: OtpPurpose,
  email: string,
  key: Buffer,
  now: Date,
): Promise<string> {
  const limits = deps.options.limits;
  // Login and registration have caps of their own, so a stranger's registrations cannot block sign-in.
  const perAddress = bucketKey(key, `otp-email-${purpose}`, email);
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(otpChallenges)
      .values({ id: newId(), purpose, email, codes: [], attempts: 0, expiresAt: now, lastSentAt: now, createdAt: now })
      .onConflictDoUpdate({
        target: [otpChallenges.purpose, otpChallenges.email],
        set: { lastSentAt: now },
        setWhere: or(
          isNotNull(otpChallenges.consumedAt),
          lte(otpChallenges.lastSentAt, new Date(now.getTime() - limits.resendCooldownSeconds * 1000)),
        ),
      })
      .returning();
    if (!claimed) {
      const [last] = await tx
        .select({ lastSentAt: otpChallenges.lastSentAt })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.purpose, purpose), eq(otpChallenges.email, email)));
      const left = last ? (last.lastSentAt.getTime() - now.getTime()) / 1000 + limits.resendCooldownSeconds : 1;
      throw cooldown(Math.max(1, Math.ceil(left)));
    }
    const sends = await hitBucket(tx, perAddress, limits.codeWindowMs, now);
    if (sends.count > limits.codesPerAddressPerWindow) throw tooManyCodes(sends.resetSeconds);
    if (claimed.consumedAt !== null || claimed.expiresAt <= now) {
      await tx
        .update(otpChallenges)
        .set({ codes: [], attempts: 0, consumedAt: null, expiresAt: now })
        .where(eq(otpChallenges.id, claimed.id));
    }
    return claimed.id;
  });
}

/** Adds a code to the challenge, dropping expired ones (locked, so parallel adds and guesses keep every count). */
async function addCode(deps: AuthDeps, challengeId: string, code: OtpCode, now: Date): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(otpChallenges).where(eq(otpChallenges.id, challengeId)).for('update');
    if (!row) return;
    const kept = row.codes.filter((c) => new Date(c.expiresAt) > now);
    await tx
      .update(otpChallenges)
      .set({ codes: [...kept, code].slice(-CODES_KEPT), expiresAt: new Date(code.expiresAt) })
      .where(eq(otpChallenges.id, challengeId));
  });
}
