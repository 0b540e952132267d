import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const SEARCH_STATUSES = ['queued', 'running', 'completed', 'error', 'cancelled'] as const;
export const ACTIVE_STATUSES = ['queued', 'running'] as const;

/** One username search. Who asked is not stored: the device id is a hint kept only for the user's own view. */
export const searches = pgTable(
  'searches',
  {
    /** Random 128-bit id, base64url. */
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    deviceId: text('device_id'),
    status: text('status', { enum: SEARCH_STATUSES }).notNull(),
    error: text('error'),
    /** Sites selected when the search started. */
    total: integer('total').notNull().default(0),
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
  ],
);

export type SearchRow = typeof searches.$inferSelect;
