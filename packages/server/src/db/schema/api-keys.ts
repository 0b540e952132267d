import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { users } from './users.ts';

/**
 * An account's API key (decision 143). The key itself exists only in the creation (or roll) answer; the
 * row holds its public id, the last four characters of its secret and an HMAC of the secret under a key
 * derived from the server key. A roll keeps the previous secret's hash valid until `previous_valid_until`.
 * A revoked key keeps its row (its usage and ledger entries stay attributable) until the account goes.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    /** The public part of the key (`hound_live_<id>_…`). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: jsonText<string[]>('scopes').notNull(),
    secretHash: text('secret_hash').notNull(),
    last4: text('last4').notNull(),
    previousSecretHash: text('previous_secret_hash'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rolledAt: timestamp('rolled_at', { withTimezone: true }),
    /** Written at most once a minute per process. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/** Requests and searches per key and UTC day (the dashboard's 30 days); credits come from the ledger. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD` (UTC). */
    day: text('day').notNull(),
    requests: integer('requests').notNull().default(0),
    searches: integer('searches').notNull().default(0),
    emailSearches: integer('email_searches').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
