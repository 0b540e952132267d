import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const PLANS = ['free', 'trial', 'premium'] as const;
/** Who set the plan last: nobody yet, an admin by hand, or the payment provider's state. */
export const PLAN_SOURCES = ['default', 'admin', 'stripe'] as const;

/**
 * An account. `email` is stored trimmed and lower-cased, so uniqueness is case-insensitive. A user row
 * exists only once its address has proven itself with a one-time code.
 */
export const users = pgTable(
  'users',
  {
    /** Random 128-bit id, base64url. */
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** `YYYY-MM-DD`. */
    dateOfBirth: text('date_of_birth'),
    isAdmin: boolean('is_admin').notNull().default(false),
    plan: text('plan', { enum: PLANS }).notNull().default('free'),
    planSource: text('plan_source', { enum: PLAN_SOURCES }).notNull().default('default'),
    /** scrypt hash (`scrypt$N$r$p$salt$hash`) when the user chose a password; sign-in by code works regardless. */
    passwordHash: text('password_hash'),
    /** Mail language. */
    language: text('language', { enum: ['en', 'tr'] })
      .notNull()
      .default('en'),
    /** Cached balance of the credit ledger, updated in the same transaction as each ledger entry. */
    emailSearchCredits: integer('email_search_credits').notNull().default(0),
    /** Email searches run (the admin table's "Search Count"). */
    searchCount: integer('search_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_created_idx').on(t.createdAt),
    check('users_credits_non_negative', sql`${t.emailSearchCredits} >= 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;
