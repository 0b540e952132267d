import type { Progress } from '@hound/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searches, searchResults } from '../../db/schema/index.ts';
import type { StoredResult } from '../../events/search-bus.ts';

export interface ResultToStore {
  siteId: string;
  platform: string;
  /** The result (`PlatformResult`) as JSON text, encoded once: stored as it is and streamed as it is. */
  json: string;
  found: boolean;
}

/**
 * Stores a batch of results under the search row's lock: sites already stored (by an earlier attempt)
 * are skipped, new ones get the next sequence numbers, and nothing is written once the search has
 * left the active states (cancelled, failed). Returns what was stored, in sequence order.
 */
export async function storeResults(
  db: Database,
  searchId: string,
  batch: ResultToStore[],
): Promise<{ stored: StoredResult[]; progress: Progress } | undefined> {
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
    return { stored, progress: { done, total: Math.max(row.total, done) } };
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
