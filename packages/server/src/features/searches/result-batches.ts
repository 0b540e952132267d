/**
 * How a batch of results is kept in `search_result_batches.items` (decision 089): a JSON array of
 * `{ "site_id", "platform", "result" }`. Written by concatenating each result's JSON text as it is (no
 * decoding, no escaping); read back with one `JSON.parse` per batch.
 */
import type { PlatformResult } from '@hound/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SearchResultBatchRow, searchResultBatches } from '../../db/schema/index.ts';

export interface EncodableResult {
  siteId: string;
  platform: string;
  /** The `PlatformResult` as JSON text. */
  json: string;
}

export interface DecodedResult {
  seq: number;
  siteId: string;
  platform: string;
  result: PlatformResult;
}

interface StoredItem {
  site_id: string;
  platform: string;
  result: PlatformResult;
}

export function encodeItems(batch: readonly EncodableResult[]): string {
  return `[${batch.map((r) => `{"site_id":${JSON.stringify(r.siteId)},"platform":${JSON.stringify(r.platform)},"result":${r.json}}`).join(',')}]`;
}

export function decodeBatch(row: Pick<SearchResultBatchRow, 'firstSeq' | 'items'>): DecodedResult[] {
  const items = JSON.parse(row.items) as StoredItem[];
  return items.map((item, i) => ({
    seq: row.firstSeq + i,
    siteId: item.site_id,
    platform: item.platform,
    result: item.result,
  }));
}

/** A search's stored results with a sequence number above `afterSeq` (all by default), in order. */
export async function readStoredResults(db: Database, searchId: string, afterSeq = 0): Promise<DecodedResult[]> {
  const rows = await db
    .select({ firstSeq: searchResultBatches.firstSeq, items: searchResultBatches.items })
    .from(searchResultBatches)
    .where(
      and(
        eq(searchResultBatches.searchId, searchId),
        gt(sql`${searchResultBatches.firstSeq} + ${searchResultBatches.count} - 1`, afterSeq),
      ),
    )
    .orderBy(asc(searchResultBatches.firstSeq));
  return rows.flatMap(decodeBatch).filter((r) => r.seq > afterSeq);
}

/** The sites a search has a stored result for. */
export async function readStoredSiteIds(db: Pick<Database, 'execute'>, searchId: string): Promise<Set<string>> {
  const result = await db.execute<{ site_id: string }>(sql`
    select item.site_id
    from ${searchResultBatches}, json_to_recordset(${searchResultBatches.items}::json) as item(site_id text)
    where ${searchResultBatches.searchId} = ${searchId}`);
  return new Set((result as unknown as { rows: Array<{ site_id: string }> }).rows.map((r) => r.site_id));
}
