import { ACCOUNT_MESSAGES, normaliseEmail, type SendOtpResponse } from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import { type OtpPurpose, otpChallenges, type PendingRegistration, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { maskAddress } from '../../mail/mailer.ts';
import {
  alreadyRegisteredMail,
  loginCodeMail,
  type MailLanguage,
  noAccountMail,
  registerCodeMail,
} from '../../mail/templates/account-mails.ts';
import type { AuthDeps } from './auth-deps.ts';
import { hitBucket } from './rate-buckets.ts';
import { bucketKey, codeDigest, newCode } from './secrets.ts';

const HOUR_MS = 3600_000;
/** Codes kept valid on one challenge: the newest three (a slow mail's code survives a resend). */
const CODES_KEPT = 3;

export interface SendCodeInput {
  purpose: OtpPurpose;
  /** Already validated. */
  email: string;
  /** For registration: the details the account will be created with once the code is verified. */
  pending?: PendingRegistration;
  ip: string;
  language: MailLanguage;
}

/**
 * Sends a sign-in or sign-up code. The answer is the same whether or not the address has an account:
 * login for an unknown address and registration for a known one send an explanatory mail instead of a
 * code, after the same cooldown and caps, and the mail leaves after the answer (no timing difference).
 */
export async function sendCode(deps: AuthDeps, input: SendCodeInput): Promise<SendOtpResponse> {
  const { db, options } = deps;
  const limits = options.limits;
  const now = deps.now();
  const email = normaliseEmail(input.email);
  const key = await deps.key();

  const [existing] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.purpose, input.purpose), eq(otpChallenges.email, email)));
  if (existing && !existing.consumedAt) {
    const wait = Math.ceil(limits.resendCooldownSeconds - (now.getTime() - existing.lastSentAt.getTime()) / 1000);
    if (wait > 0) {
      throw new AppError('AUTH_TOO_MANY_CODES', ACCOUNT_MESSAGES.codeCooldown.replace('{seconds}', String(wait)), {
        headers: { 'retry-after': String(wait) },
      });
    }
  }
  const perIp = await hitBucket(db, bucketKey(key, 'otp-ip', input.ip), HOUR_MS, now);
  const perAddress = await hitBucket(db, bucketKey(key, 'otp-email', email), HOUR_MS, now);
  if (perIp.count > limits.codesPerIpPerHour || perAddress.count > limits.codesPerAddressPerHour) {
    const retry = perIp.count > limits.codesPerIpPerHour ? perIp.resetSeconds : perAddress.resetSeconds;
    throw new AppError('AUTH_TOO_MANY_CODES', ACCOUNT_MESSAGES.tooManyCodes, {
      headers: { 'retry-after': String(retry) },
    });
  }

  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const codeWanted = input.purpose === 'login' ? Boolean(account) : !account;
  const code = codeWanted ? newCode() : undefined;
  const expiresAt = new Date(now.getTime() + limits.codeTtlMs);
  const fresh =
    !existing || existing.consumedAt !== null || existing.expiresAt <= now || existing.attempts >= limits.maxAttempts;
  const kept = fresh ? [] : existing.codes.filter((c) => new Date(c.expiresAt) > now);
  const codes = code
    ? [...kept, { hash: codeDigest(key, input.purpose, email, code), expiresAt: expiresAt.toISOString() }].slice(
        -CODES_KEPT,
      )
    : kept;
  const values = {
    codes,
    attempts: fresh ? 0 : existing.attempts,
    expiresAt,
    lastSentAt: now,
    consumedAt: null,
    pending: input.pending ?? null,
  };
  await db
    .insert(otpChallenges)
    .values({ id: newId(), purpose: input.purpose, email, createdAt: now, ...values })
    .onConflictDoUpdate({ target: [otpChallenges.purpose, otpChallenges.email], set: values });

  const context = { brand: options.brand, publicUrl: options.publicUrl, language: input.language };
  const message =
    input.purpose === 'login'
      ? code
        ? loginCodeMail(email, code, context)
        : noAccountMail(email, context)
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
