import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { users } from './users.ts';

export const EMAIL_SEARCH_STATUSES = ['running', 'completed', 'error'] as const;

/**
 * One email search of a signed-in user (My Searches). The searched address is the user's own query and is
 * deleted with the search (retention) or with the account.
 */
export const emailSearches = pgTable(
  'email_searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: EMAIL_SEARCH_STATUSES }).notNull(),
    error: text('error'),
    /** The credit reservation this search used; returned if the search fails on our side. */
    reservationId: text('reservation_id'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    found: integer('found').notNull().default(0),
    /**
     * Search trees (decision 116): the tree's root when this search is a lead's (a username search's id), or
     * null; its depth in the tree; and how deep its tree follows leads (0: it does not).
     */
    rootId: text('root_id'),
    depth: integer('depth').notNull().default(0),
    followDepth: integer('follow_depth').notNull().default(0),
    /** The API key that started it (decision 143). */
    apiKeyId: text('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('email_searches_user_created_idx').on(t.userId, t.createdAt),
    index('email_searches_status_updated_idx').on(t.status, t.updatedAt),
  ],
);

/** One email check's result within a search; `seq` numbers them 1..n as stored (SSE event ids). */
export const emailSearchResults = pgTable(
  'email_search_results',
  {
    searchId: text('search_id')
      .notNull()
      .references(() => emailSearches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    checkId: text('check_id').notNull(),
    result: jsonText<unknown>('result').notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.seq] })],
);

export type EmailSearchRow = typeof emailSearches.$inferSelect;
