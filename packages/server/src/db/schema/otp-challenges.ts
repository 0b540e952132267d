import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';

export const OTP_PURPOSES = ['login', 'register'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** A code's keyed hash and when it stops working. */
export interface OtpCode {
  hash: string;
  expiresAt: string;
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
 * One sign-in or sign-up attempt per (purpose, address). Up to three recent codes stay valid (a slow first
 * mail is not killed by a resend); wrong tries are counted across them and burn the challenge at five.
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
    pending: jsonText<PendingRegistration | null>('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('otp_challenges_purpose_email_uq').on(t.purpose, t.email),
    index('otp_expires_idx').on(t.expiresAt),
  ],
);

export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
