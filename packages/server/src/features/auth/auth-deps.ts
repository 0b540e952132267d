import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** Limits of the one-time-code flow. Defaults are `AUTH_LIMITS`; tests shorten them. */
export interface AuthLimits {
  codeTtlMs: number;
  /** Wrong tries on one challenge before it is burned. */
  maxAttempts: number;
  /** Seconds between two codes for the same address and purpose. */
  resendCooldownSeconds: number;
  codesPerAddressPerHour: number;
  codesPerIpPerHour: number;
  /** Failed password sign-ins per address per hour before 429. */
  passwordFailuresPerHour: number;
  /** Idle lifetime: a session unused this long ends. */
  sessionTtlMs: number;
  /** Absolute lifetime: a session ends this long after sign-in, however busy (decision 098). */
  sessionMaxAgeMs: number;
  /** A session's expiry is pushed forward at most this often (one write per window, not per request). */
  sessionTouchMs: number;
}

export const AUTH_LIMITS: AuthLimits = {
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendCooldownSeconds: 60,
  codesPerAddressPerHour: 5,
  codesPerIpPerHour: 20,
  passwordFailuresPerHour: 10,
  sessionTtlMs: 30 * 24 * 3600_000,
  sessionTouchMs: 10 * 60_000,
  sessionMaxAgeMs: 30 * 24 * 3600_000,
};

export interface AuthOptions {
  brand: string;
  publicUrl: string;
  adminEmails: string[];
  /** Credits granted (on the ledger) when an account is created. */
  signupCredits: number;
  limits: AuthLimits;
}

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  options: AuthOptions;
  /** HMAC key of codes and rate-limit keys. */
  key(): Promise<Buffer>;
  now(): Date;
}
