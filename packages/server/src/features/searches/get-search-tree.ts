import type { LeadProfile, LeadSearch, SearchTree } from '@hound/contracts';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SearchRow, searchEmailLeads, searches } from '../../db/schema/index.ts';
import { getSearchRow } from './get-search-status.ts';
import { readStoredResults } from './result-batches.ts';

/** An email lead is shown, not searched (an email search costs a credit): its status says so. */
export const EMAIL_LEAD_STATUS = 'not_started';

/**
 * `GET /api/search/{id}/tree` (issue 29): the search and every search its leads started below it, with
 * why, and each found profile with its facts (`hound-tree/1`). Asked with a child's id, the answer is
 * that child's subtree: knowing an id opens that search and what it led to (like its status), never the
 * searches above it.
 */
export async function getSearchTree(db: Database, searchId: string): Promise<SearchTree> {
  const top = await getSearchRow(db, searchId);
  const rootId = top.rootId ?? top.id;
  const family = await db
    .select()
    .from(searches)
    .where(or(eq(searches.id, rootId), eq(searches.rootId, rootId)))
    .orderBy(asc(searches.depth), asc(searches.createdAt));
  const rows = subtree(top, family);
  const ids = rows.map((r) => r.id);
  const emails = await db
    .select()
    .from(searchEmailLeads)
    .where(inArray(searchEmailLeads.searchId, ids))
    .orderBy(asc(searchEmailLeads.depth), asc(searchEmailLeads.createdAt));
  const list: LeadSearch[] = rows.map((row) => ({
    id: row.id,
    kind: 'username',
    query: row.username,
    parent_id: row.parentId ?? null,
    depth: row.depth,
    reason: row.reason ?? null,
    status: row.status,
    follow_depth: row.followDepth,
  }));
  for (const lead of emails) {
    list.push({
      id: lead.id,
      kind: 'email',
      query: lead.email,
      parent_id: lead.searchId,
      depth: lead.depth,
      reason: lead.reason,
      status: EMAIL_LEAD_STATUS,
    });
  }
  const profiles: LeadProfile[] = [];
  for (const row of rows) {
    for (const { platform, result } of await readStoredResults(db, row.id)) {
      if (result.verdict !== 'found') continue;
      profiles.push({
        search_id: row.id,
        site: platform,
        url: result.url,
        ...(result.category ? { category: result.category } : {}),
        facts: result.facts ?? [],
      });
    }
  }
  return { format: 'hound-tree/1', root_id: top.id, searches: list, profiles };
}

/** `top` and its descendants among the tree's rows (parents come before their children). */
function subtree(top: SearchRow, family: SearchRow[]): SearchRow[] {
  const inside = new Set([top.id]);
  const out = [top];
  for (const row of family) {
    if (row.id !== top.id && row.parentId && inside.has(row.parentId)) {
      inside.add(row.id);
      out.push(row);
    }
  }
  return out;
}
