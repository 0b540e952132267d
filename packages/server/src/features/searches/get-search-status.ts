import type { PlatformResult, SearchStatusResponse } from '@hound/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { type SearchRow, searches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { readStoredResults } from './result-batches.ts';
import { SEARCH_ID_PATTERN } from './search-id.ts';

export function isTerminal(status: SearchRow['status']): boolean {
  return status !== 'queued' && status !== 'running';
}

export const searchNotFound = () =>
  new AppError('NOT_FOUND', 'No search with this id (searches are kept for a limited time).');

const selectSearch = preparedFor((db) =>
  db
    .select()
    .from(searches)
    .where(eq(searches.id, sql.placeholder('id')))
    .prepare('hound_select_search'),
);

export async function getSearchRow(db: Database, searchId: string): Promise<SearchRow> {
  const row = SEARCH_ID_PATTERN.test(searchId) ? (await selectSearch(db).execute({ id: searchId }))[0] : undefined;
  if (!row) throw searchNotFound();
  return row;
}

/**
 * The spec's status answer. While a search runs it carries progress only (stream `/events` for live
 * results); once it has ended it carries every stored result.
 */
export async function getSearchStatus(db: Database, searchId: string): Promise<SearchStatusResponse> {
  return statusAnswer(db, await getSearchRow(db, searchId));
}

/** The status answer of a row already read (finished-search-cache.ts caches it). */
export async function statusAnswer(db: Database, row: SearchRow): Promise<SearchStatusResponse> {
  const answer: SearchStatusResponse = {
    status: row.status,
    username: row.username,
    ...(row.error ? { error: row.error } : {}),
    progress: { done: row.done, total: row.total },
    created_at: row.createdAt.toISOString(),
    ...(row.startedAt ? { started_at: row.startedAt.toISOString() } : {}),
    ...(row.finishedAt ? { finished_at: row.finishedAt.toISOString() } : {}),
    ...(row.scope ? { scope: row.scope } : {}),
  };
  if (!isTerminal(row.status)) return answer;
  const results: Record<string, PlatformResult> = {};
  for (const r of await readStoredResults(db, row.id)) results[r.platform] = r.result;
  answer.result = { results, total_found: row.found, ...(row.error ? { error: row.error } : {}) };
  return answer;
}
