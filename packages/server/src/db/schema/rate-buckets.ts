import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters shared by every node (code sends per address and per IP). Keys are hashes, never
 * raw addresses; old windows are deleted by the retention job.
 */
export const rateBuckets = pgTable(
  'rate_buckets',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
