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
  const row = await getSearchRow(db, searchId);
  const answer: SearchStatusResponse = {
    status: row.status,
    username: row.username,
    ...(row.error ? { error: row.error } : {}),
    progress: { done: row.done, total: row.total },
    created_at: row.createdAt.toISOString(),
    ...(row.startedAt ? { started_at: row.startedAt.toISOString() } : {}),
    ...(row.finishedAt ? { finished_at: row.finishedAt.toISOString() } : {}),
  };
  if (!isTerminal(row.status)) return answer;
  const results: Record<string, PlatformResult> = {};
  for (const r of await readStoredResults(db, searchId)) results[r.platform] = r.result;
  answer.result = { results, total_found: row.found, ...(row.error ? { error: row.error } : {}) };
  return answer;
}

/**
 * Finished searches never change, so their serialised answer is cached (bounded, short-lived).
 * Running searches are read fresh: that query is one indexed row.
 */
export function createStatusCache(options: { max?: number; ttlMs?: number } = {}) {
  const max = options.max ?? 500;
  const ttlMs = options.ttlMs ?? 60_000;
  const entries = new Map<string, { json: Buffer; expiresAt: number }>();
  return {
    /** The answer as UTF-8 JSON bytes (cached ones are sent without re-encoding). */
    async get(db: Database, searchId: string): Promise<Buffer> {
      const hit = entries.get(searchId);
      if (hit && hit.expiresAt > Date.now()) return hit.json;
      const answer = await getSearchStatus(db, searchId);
      const json = Buffer.from(JSON.stringify(answer));
      if (isTerminal(answer.status)) {
        if (entries.size >= max) entries.delete(entries.keys().next().value!);
        entries.set(searchId, { json, expiresAt: Date.now() + ttlMs });
      }
      return json;
    },
    clear: () => entries.clear(),
  };
}
export type StatusCache = ReturnType<typeof createStatusCache>;
