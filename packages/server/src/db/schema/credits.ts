import { CREDIT_ENTRY_KINDS } from '@hound/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * What moved a balance: sign-up, admin grants and deductions, plan allowances, credit packs (`purchase`),
 * reservations and their returns (`refund`, `expiry`), and reversals of refunded or disputed payments
 * (decision 095). One list, shared with the owner's history (`GET /me/credits/history`).
 */
export const CREDIT_KINDS = CREDIT_ENTRY_KINDS;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/**
 * Append-only credit ledger. Every change of `users.email_search_credits` is one row here, written in the
 * same transaction, with the balance after it; `idempotency_key` makes a retried payment, grant or search
 * count once. Σ delta per user equals the balance.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    /** Null once the account was deleted: the entries stay for accounting (decision 095). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    reason: text('reason'),
    /** The admin who made a manual change. */
    actorUserId: text('actor_user_id'),
    /** What the entry is about: a search id, an invoice id, a reservation … */
    ref: text('ref'),
    /** The API key of the request that moved the credit (decision 143); kept when the key or account goes. */
    apiKeyId: text('api_key_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_key_uq').on(t.idempotencyKey),
    index('credit_ledger_user_idx').on(t.userId, t.id),
    index('credit_ledger_api_key_idx').on(t.apiKeyId, t.createdAt).where(sql`${t.apiKeyId} IS NOT NULL`),
  ],
);

export const RESERVATION_STATUSES = ['pending', 'consumed', 'released', 'expired'] as const;

/**
 * A credit set aside for the next email search (`POST /me/credits/decrement`): taken from the balance at
 * once, then consumed by the search, refunded when the search fails, or returned when unused for 15 minutes.
 */
export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('pending'),
    searchId: text('search_id'),
    /** The API key that paid (its refund carries it too). */
    apiKeyId: text('api_key_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_reservations_user_idx').on(t.userId, t.status),
    index('credit_reservations_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * Mailboxes that have had their sign-up credits: an HMAC of the canonical mailbox (lower-cased, `+tag`
 * dropped, Gmail dots removed), so neither the address nor who owned it is kept. No foreign key: the row
 * outlives the account, so deleting and re-registering (or a `+alias`) grants nothing again (decision 094).
 */
export const signupGrants = pgTable('signup_grants', {
  mailboxHash: text('mailbox_hash').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
