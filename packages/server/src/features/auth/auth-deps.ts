import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';

/** Limits of the one-time-code and password flows (decision 093). Defaults are `AUTH_LIMITS`; tests change them. */
export interface AuthLimits {
  codeTtlMs: number;
  /** Wrong guesses on one code by the caller (IP) that asked for it; then that code is dead. */
  maxAttempts: number;
  /** Wrong guesses, across all live codes of an address, by callers that asked for none of them. */
  strangerAttempts: number;
  /** Seconds between two codes for the same address and purpose. */
  resendCooldownSeconds: number;
  /** Codes per address and purpose (login and register apart) per `codeWindowMs`. */
  codesPerAddressPerWindow: number;
  codeWindowMs: number;
  codesPerIpPerHour: number;
  /** Wrong codes per IP per hour, over all addresses. */
  wrongCodesPerIpPerHour: number;
  /** Password sign-ins per IP per `passwordWindowMs`, counted before any hashing. */
  passwordTriesPerIp: number;
  /** Failed password sign-ins per address per `passwordWindowMs` (a code still signs in). */
  passwordFailuresPerAddress: number;
  passwordWindowMs: number;
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
  strangerAttempts: 5,
  resendCooldownSeconds: 60,
  codesPerAddressPerWindow: 3,
  codeWindowMs: 10 * 60_000,
  codesPerIpPerHour: 20,
  wrongCodesPerIpPerHour: 30,
  passwordTriesPerIp: 20,
  passwordFailuresPerAddress: 10,
  passwordWindowMs: 10 * 60_000,
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
