import type { PlatformResult } from '@hound/contracts';
import { integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { searches } from './searches.ts';

/**
 * One site's result within a search. `seq` numbers results 1..n in the order they were stored (SSE event
 * ids); (search_id, site_id) is unique, so a retried search never stores a site twice.
 */
export const searchResults = pgTable(
  'search_results',
  {
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    siteId: text('site_id').notNull(),
    platform: text('platform').notNull(),
    result: jsonText<PlatformResult>('result').notNull(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.seq] }), unique('search_results_site_uq').on(t.searchId, t.siteId)],
);

export type SearchResultRow = typeof searchResults.$inferSelect;
