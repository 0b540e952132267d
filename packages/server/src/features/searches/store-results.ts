import type { Progress } from '@hound/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ACTIVE_STATUSES, searches, searchResults } from '../../db/schema/index.ts';
import type { StoredResult } from '../../events/search-bus.ts';

export interface ResultToStore {
  siteId: string;
  platform: string;
  /** The result (`PlatformResult`) as JSON text, encoded once: stored as it is and streamed as it is. */
  json: string;
  found: boolean;
}

export interface StoreOutcome {
  stored: StoredResult[];
  progress: Progress;
  /** `done` after this batch: what the writer expects to find before its next batch. */
  done: number;
  /** Whether the one-statement path stored the batch (nobody else wrote since `expectedDone`). */
  fast: boolean;
}

/**
 * Stores a batch of results; returns what was stored, in sequence order, or undefined once the search has
 * left the active states (cancelled, failed: nothing is written then).
 *
 * With `expectedDone` (the writer's own count: nothing but its own batches stored since it chose its
 * sites) the batch is one statement: `done` moves from `expectedDone` and the rows get the next sequence
 * numbers, or, if `done` is no longer `expectedDone` (another writer stored results) or the search has
 * ended, nothing is written and the batch takes the general path. That path stores under the search row's
 * lock: sites already stored (by an earlier attempt) are skipped, new ones get the next sequence numbers.
 * The unique (search, site) constraint stays the safety net of both.
 */
export async function storeResults(
  db: Database,
  searchId: string,
  batch: ResultToStore[],
  expectedDone?: number,
): Promise<StoreOutcome | undefined> {
  if (expectedDone !== undefined && batch.length > 0) {
    try {
      const fast = await storeFast(db, searchId, batch, expectedDone);
      if (fast) return fast;
    } catch (error) {
      // A site stored twice: the statement wrote nothing, and the general path skips what is there.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return storeLocked(db, searchId, batch);
}

async function storeFast(
  db: Database,
  searchId: string,
  batch: ResultToStore[],
  expectedDone: number,
): Promise<StoreOutcome | undefined> {
  const found = batch.reduce((n, r) => n + (r.found ? 1 : 0), 0);
  const result = await db.execute<{ done: number; total: number }>(sql`
    with moved as (
      update searches
      set done = done + ${batch.length}, found = found + ${found}, updated_at = ${sql.param(new Date(), searches.updatedAt)}
      where id = ${searchId} and ${inArray(searches.status, [...ACTIVE_STATUSES])} and done = ${expectedDone}
      returning done, total
    ), inserted as (
      insert into search_results (search_id, seq, site_id, platform, result)
      select ${searchId}::text, (${expectedDone}::int + r.n)::int, r.site_id, r.platform, r.result
      from ${batchRows(batch)}
      where exists (select 1 from moved)
    )
    select done, total from moved`);
  const row = (result as unknown as { rows: Array<{ done: number; total: number }> }).rows[0];
  if (!row) return undefined;
  const done = Number(row.done);
  const stored = batch.map((item, i) => ({ seq: expectedDone + i + 1, platform: item.platform, json: item.json }));
  return { stored, progress: { done, total: Math.max(Number(row.total), done) }, done, fast: true };
}

async function storeLocked(db: Database, searchId: string, batch: ResultToStore[]): Promise<StoreOutcome | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ done: searches.done, total: searches.total, status: searches.status })
      .from(searches)
      .where(eq(searches.id, searchId))
      .for('update');
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return undefined;
    const seen = new Set(
      batch.length === 0
        ? []
        : (
            await tx
              .select({ siteId: searchResults.siteId })
              .from(searchResults)
              .where(
                and(
                  eq(searchResults.searchId, searchId),
                  inArray(
                    searchResults.siteId,
                    batch.map((r) => r.siteId),
                  ),
                ),
              )
          ).map((r) => r.siteId),
    );
    const fresh: ResultToStore[] = [];
    const stored: StoredResult[] = [];
    let found = 0;
    for (const item of batch) {
      if (seen.has(item.siteId)) continue;
      seen.add(item.siteId);
      fresh.push(item);
      stored.push({ seq: row.done + fresh.length, platform: item.platform, json: item.json });
      if (item.found) found++;
    }
    const done = row.done + fresh.length;
    if (fresh.length > 0) {
      await tx.execute(sql`
        insert into search_results (search_id, seq, site_id, platform, result)
        select ${searchId}::text, (${row.done}::int + r.n)::int, r.site_id, r.platform, r.result
        from ${batchRows(fresh)}`);
      await tx
        .update(searches)
        .set({ done, found: sql`${searches.found} + ${found}`, updatedAt: new Date() })
        .where(eq(searches.id, searchId));
    }
    return { stored, progress: { done, total: Math.max(row.total, done) }, done, fast: false };
  });
}

/**
 * A batch as rows `r(site_id, platform, result, n)`, n = 1, 2, … in batch order, from one JSON parameter:
 * the statement has one shape whatever the batch size, and the rows cost PostgreSQL one parse.
 */
function batchRows(batch: ResultToStore[]) {
  const rows = JSON.stringify(batch.map((r) => ({ site_id: r.siteId, platform: r.platform, result: r.json })));
  return sql`rows from (json_to_recordset(${rows}::text::json) as (site_id text, platform text, result text))
    with ordinality as r(site_id, platform, result, n)`;
}

function isUniqueViolation(error: unknown): boolean {
  // Drizzle wraps the driver's error (`cause`).
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
