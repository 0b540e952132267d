import type { PlatformResult, Progress } from '@hound/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searches, searchResults } from '../../db/schema/index.ts';
import type { StoredResult } from '../../events/search-bus.ts';

export interface ResultToStore {
  siteId: string;
  platform: string;
  result: PlatformResult;
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
      (
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
    const fresh: StoredResult[] = [];
    const rows: Array<typeof searchResults.$inferInsert> = [];
    let found = 0;
    for (const item of batch) {
      if (seen.has(item.siteId)) continue;
      seen.add(item.siteId);
      const seq = row.done + fresh.length + 1;
      fresh.push({ seq, platform: item.platform, result: item.result });
      rows.push({ searchId, seq, siteId: item.siteId, platform: item.platform, result: item.result });
      if (item.result.found) found++;
    }
    const done = row.done + fresh.length;
    if (rows.length > 0) {
      await tx.insert(searchResults).values(rows);
      await tx
        .update(searches)
        .set({ done, found: sql`${searches.found} + ${found}`, updatedAt: new Date() })
        .where(eq(searches.id, searchId));
    }
    return { stored: fresh, progress: { done, total: Math.max(row.total, done) } };
  });
}
