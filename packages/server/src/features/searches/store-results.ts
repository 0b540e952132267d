import type { Progress } from '@hound/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ACTIVE_STATUSES, searches, searchResultBatches } from '../../db/schema/index.ts';
import type { StoredResult } from '../../events/search-bus.ts';
import { encodeItems, readStoredSiteIds } from './result-batches.ts';

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

/** One search's batch; `expectedDone` as in `storeResults`. */
export interface BatchToStore {
  searchId: string;
  items: ResultToStore[];
  expectedDone?: number;
}

/**
 * Stores a batch of results as one row (decision 089); returns what was stored, in sequence order, or
 * undefined once the search has left the active states (cancelled, failed: nothing is written then).
 *
 * With `expectedDone` (the writer's own count: nothing but its own batches stored since it chose its
 * sites, which were the sites without a result then) the batch is one statement: `done` moves from
 * `expectedDone` and the batch gets the next sequence numbers, or, if `done` is no longer `expectedDone`
 * (another writer stored results) or the search has ended, nothing is written and the batch takes the
 * general path. That path stores under the search row's lock: sites already stored (by another writer)
 * are skipped, new ones get the next sequence numbers. Both paths move `done` on the search row, so
 * writers take turns on its lock, and each sees what the others stored.
 */
export async function storeResults(
  db: Database,
  searchId: string,
  batch: ResultToStore[],
  expectedDone?: number,
): Promise<StoreOutcome | undefined> {
  const [settled] = await storeBatches(db, [
    { searchId, items: batch, ...(expectedDone !== undefined ? { expectedDone } : {}) },
  ]);
  if (settled!.status === 'rejected') throw settled!.reason;
  return settled!.value;
}

export type StoreSettled = PromiseSettledResult<StoreOutcome | undefined>;

/**
 * `storeResults` for the batches of several searches at once (one batch per search): every batch with
 * `expectedDone` goes into one statement (decision 089); the others, and those that statement did not
 * store, take the general path one by one. Each batch's outcome, in the order of `batches`: a batch that
 * fails on the general path fails alone. Throws (having written nothing) when the one statement fails.
 */
export async function storeBatches(db: Database, batches: BatchToStore[]): Promise<StoreSettled[]> {
  if (new Set(batches.map((b) => b.searchId)).size !== batches.length) {
    throw new Error('storeBatches takes at most one batch per search.');
  }
  const fast = batches.filter((b) => b.expectedDone !== undefined && b.items.length > 0);
  const moved = fast.length > 0 ? await storeFast(db, fast) : new Map<string, Moved>();
  const settled: StoreSettled[] = [];
  for (const batch of batches) {
    const row = moved.get(batch.searchId);
    if (row) settled.push({ status: 'fulfilled', value: fastOutcome(batch, row) });
    else {
      try {
        settled.push({ status: 'fulfilled', value: await storeLocked(db, batch.searchId, batch.items) });
      } catch (reason) {
        settled.push({ status: 'rejected', reason });
      }
    }
  }
  return settled;
}

interface Moved {
  done: number;
  total: number;
}

/**
 * One statement for all `batches`: each search whose `done` is still its writer's `expectedDone` (and
 * which is still active) moves on and gets its batch; the others get nothing. Returns the searches moved.
 * Two processes storing for the same two searches at once (a takeover) could lock their rows in opposite
 * orders; PostgreSQL then cancels one statement, which wrote nothing, and its batches take the general
 * path, which locks one search at a time.
 */
async function storeFast(db: Database, batches: BatchToStore[]): Promise<Map<string, Moved>> {
  const rows = JSON.stringify(
    batches.map((b) => ({
      search_id: b.searchId,
      expected: b.expectedDone,
      n: b.items.length,
      found: b.items.reduce((n, r) => n + (r.found ? 1 : 0), 0),
      items: encodeItems(b.items),
    })),
  );
  let result: unknown;
  try {
    result = await db.execute(sql`
      with b as (
        select * from json_to_recordset(${rows}::text::json)
          as b(search_id text, expected int, n int, found int, items text)
      ), moved as (
        update ${searches}
        set done = ${searches.done} + b.n, found = ${searches.found} + b.found,
          updated_at = ${sql.param(new Date(), searches.updatedAt)}
        from b
        where ${searches.id} = b.search_id and ${inArray(searches.status, [...ACTIVE_STATUSES])}
          and ${searches.done} = b.expected
        returning ${searches.id}, ${searches.done}, ${searches.total}
      ), inserted as (
        insert into ${searchResultBatches} (search_id, first_seq, count, items)
        select b.search_id, b.expected + 1, b.n, b.items from b join moved on moved.id = b.search_id
      )
      select id, done, total from moved`);
  } catch (error) {
    if (isDeadlock(error)) return new Map();
    throw error;
  }
  const moved = new Map<string, Moved>();
  for (const row of (result as { rows: Array<{ id: string; done: number; total: number }> }).rows) {
    moved.set(row.id, { done: Number(row.done), total: Number(row.total) });
  }
  return moved;
}

function fastOutcome(batch: BatchToStore, row: Moved): StoreOutcome {
  const first = batch.expectedDone! + 1;
  const stored = batch.items.map((item, i) => ({ seq: first + i, platform: item.platform, json: item.json }));
  return { stored, progress: { done: row.done, total: Math.max(row.total, row.done) }, done: row.done, fast: true };
}

function isDeadlock(error: unknown): boolean {
  // Drizzle wraps the driver's error (`cause`).
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) if (e.code === '40P01') return true;
  return false;
}

async function storeLocked(db: Database, searchId: string, batch: ResultToStore[]): Promise<StoreOutcome | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ done: searches.done, total: searches.total, status: searches.status })
      .from(searches)
      .where(eq(searches.id, searchId))
      .for('update');
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return undefined;
    const seen = batch.length === 0 ? new Set<string>() : await readStoredSiteIds(tx, searchId);
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
      await tx
        .insert(searchResultBatches)
        .values({ searchId, firstSeq: row.done + 1, count: fresh.length, items: encodeItems(fresh) });
      await tx
        .update(searches)
        .set({ done, found: sql`${searches.found} + ${found}`, updatedAt: new Date() })
        .where(eq(searches.id, searchId));
    }
    return { stored, progress: { done, total: Math.max(row.total, done) }, done, fast: false };
  });
}
