import type { SearchScope } from '@hound/contracts';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { users } from './users.ts';

export const SEARCH_STATUSES = ['queued', 'running', 'completed', 'error', 'cancelled'] as const;
export const ACTIVE_STATUSES = ['queued', 'running'] as const;

/**
 * One username search. An anonymous search records no one; a signed-in user's search is linked to the
 * account (My Searches) and deleted with it. The device id is a hint kept only for limits.
 */
export const searches = pgTable(
  'searches',
  {
    /** Random 128-bit id, base64url. */
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    deviceId: text('device_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SEARCH_STATUSES }).notNull(),
    error: text('error'),
    /** Sites selected when the search started. */
    total: integer('total').notNull().default(0),
    /** The sites asked for (categories, named sites, NSFW); null: the default selection. */
    scope: jsonText<SearchScope>('scope'),
    /** Results stored so far; also the last result sequence number. */
    done: integer('done').notNull().default(0),
    found: integer('found').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('searches_created_at_idx').on(t.createdAt),
    index('searches_status_updated_idx').on(t.status, t.updatedAt),
    index('searches_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type SearchRow = typeof searches.$inferSelect;
