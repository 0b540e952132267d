import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';

/** `change_email`: the code mailed to the address an account moves to (issue 38 item 5d). */
export const OTP_PURPOSES = ['login', 'register', 'change_email'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * One mailed code (decision 093): its keyed hash, when it stops working, who asked for it (keyed hash of the
 * requesting IP) and that requester's wrong guesses, and for registration the details it was mailed for.
 */
export interface OtpCode {
  hash: string;
  expiresAt: string;
  requester: string;
  misses: number;
  pending?: PendingRegistration;
  /** SHA-256 of the client's flow id (`request_id`): a verify naming a flow uses that flow's codes only. */
  request?: string;
  /** For `change_email`: the account this code moves to the address (no other account can use it). */
  change?: { userId: string };
}

/** What a registration carries until its code is verified (the user row is created only then). */
export interface PendingRegistration {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** Mail language of the account. */
  language: 'en' | 'tr';
  passwordHash?: string;
}

/**
 * The codes of one (purpose, address). Every code mailed in the last ten minutes stays valid (a slow mail
 * is not killed by a resend, a stranger's request does not kill the owner's code). `attempts` counts the
 * wrong guesses of callers that asked for none of the live codes, across all of them (decision 093).
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    email: text('email').notNull(),
    codes: jsonText<OtpCode[]>('codes').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Expiry of the newest code: after it, nothing on this challenge can be verified. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('otp_challenges_purpose_email_uq').on(t.purpose, t.email),
    index('otp_expires_idx').on(t.expiresAt),
  ],
);

export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
