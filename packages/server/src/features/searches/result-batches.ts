/**
 * How a batch of results is kept in `search_result_batches.items` (decision 089): a JSON array of
 * `{ "site_id", "platform", "result" }`. Written by concatenating each result's JSON text as it is (no
 * decoding, no escaping); read back with one `JSON.parse` per batch.
 */
import type { PlatformResult } from '@hound/contracts';
import { and, asc, eq, gt, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { type SearchResultBatchRow, type SearchRow, searches, searchResultBatches } from '../../db/schema/index.ts';

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

/** The batches of `searchId` holding a result numbered above `afterSeq`. */
const batchesAfter = (searchId: SQLWrapper | string, afterSeq: SQLWrapper | number) =>
  and(
    eq(searchResultBatches.searchId, searchId),
    gt(sql`${searchResultBatches.firstSeq} + ${searchResultBatches.count} - 1`, afterSeq),
  );

/** A search's stored results with a sequence number above `afterSeq` (all by default), in order. */
export async function readStoredResults(db: Database, searchId: string, afterSeq = 0): Promise<DecodedResult[]> {
  const rows = await db
    .select({ firstSeq: searchResultBatches.firstSeq, items: searchResultBatches.items })
    .from(searchResultBatches)
    .where(batchesAfter(searchId, afterSeq))
    .orderBy(asc(searchResultBatches.firstSeq));
  return rows.flatMap(decodeBatch).filter((r) => r.seq > afterSeq);
}

const selectSearchWithBatches = preparedFor((db) =>
  db
    .select({ row: searches, firstSeq: searchResultBatches.firstSeq, items: searchResultBatches.items })
    .from(searches)
    .leftJoin(searchResultBatches, batchesAfter(searches.id, sql.placeholder('after')))
    .where(eq(searches.id, sql.placeholder('id')))
    .orderBy(asc(searchResultBatches.firstSeq))
    .prepare('hound_select_search_with_batches'),
);

/**
 * A search's row and its stored results above `afterSeq`, in one statement: one snapshot, so a row that
 * has ended comes with every result it ended with. Undefined when there is no such search.
 */
export async function readSearchWithResults(
  db: Database,
  searchId: string,
  afterSeq = 0,
): Promise<{ row: SearchRow; results: DecodedResult[] } | undefined> {
  const rows = await selectSearchWithBatches(db).execute({ id: searchId, after: afterSeq });
  if (rows.length === 0) return undefined;
  const results: DecodedResult[] = [];
  for (const { firstSeq, items } of rows) {
    if (firstSeq !== null && items !== null) results.push(...decodeBatch({ firstSeq, items }));
  }
  return { row: rows[0]!.row, results: results.filter((r) => r.seq > afterSeq) };
}

/** The sites a search has a stored result for. */
export async function readStoredSiteIds(db: Pick<Database, 'execute'>, searchId: string): Promise<Set<string>> {
  const result = await db.execute<{ site_id: string }>(sql`
    select item.site_id
    from ${searchResultBatches}, json_to_recordset(${searchResultBatches.items}::json) as item(site_id text)
    where ${searchResultBatches.searchId} = ${searchId}`);
  return new Set((result as unknown as { rows: Array<{ site_id: string }> }).rows.map((r) => r.site_id));
}
