import { and, asc, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ACTIVE_STATUSES, favicons, searches } from '../../db/schema/index.ts';
import type { FinishDeps } from './finish-search.ts';
import { finishSearch } from './finish-search.ts';

export const INTERRUPTED_MESSAGE = 'The search was interrupted and could not be finished. Please search again.';
/** An active search with no stored progress for this long is considered lost. */
export const STALE_SEARCH_MS = 60 * 60 * 1000;

/**
 * The retention job: deletes searches (and, by cascade, their results) older than the retention period
 * and expired favicons, and ends searches that stopped making progress so none stays "running" forever.
 */
export async function purgeExpiredSearches(
  deps: FinishDeps,
  options: { retentionDays: number; now?: Date },
): Promise<{ purged: number; interrupted: number }> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.retentionDays * 24 * 3600 * 1000);
  const purged = await deps.db.delete(searches).where(lt(searches.createdAt, cutoff)).returning({ id: searches.id });
  await deps.db.delete(favicons).where(lt(favicons.expiresAt, now));
  const stale = await activeSearchesIdleSince(deps.db, new Date(now.getTime() - STALE_SEARCH_MS));
  let interrupted = 0;
  for (const row of stale) if (await finishSearch(deps, row.id, 'error', INTERRUPTED_MESSAGE)) interrupted++;
  return { purged: purged.length, interrupted };
}

/** Active searches with no write since `before`, oldest first (the `status, updated_at` index). */
export function activeSearchesIdleSince(db: Database, before: Date, limit?: number): Promise<{ id: string }[]> {
  const query = db
    .select({ id: searches.id })
    .from(searches)
    .where(and(inArray(searches.status, [...ACTIVE_STATUSES]), lt(searches.updatedAt, before)))
    .orderBy(asc(searches.updatedAt));
  return limit === undefined ? query : query.limit(limit);
}
