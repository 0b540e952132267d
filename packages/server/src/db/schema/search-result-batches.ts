import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { searches } from './searches.ts';

/**
 * The results of one search, stored as they were written: one row per batch (decision 089). Its results
 * have the sequence numbers `first_seq` .. `first_seq + count - 1` (SSE event ids), in the order of
 * `items`, a JSON array of `{ "site_id", "platform", "result" }` (result: the `PlatformResult`). One row
 * per batch instead of one per result: PGlite's cost of a row and its index entries was most of the cost
 * of storing a result. Each site is stored once: writers take turns on the search row (store-results.ts).
 */
export const searchResultBatches = pgTable(
  'search_result_batches',
  {
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    firstSeq: integer('first_seq').notNull(),
    count: integer('count').notNull(),
    items: text('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.firstSeq] })],
);

export type SearchResultBatchRow = typeof searchResultBatches.$inferSelect;
