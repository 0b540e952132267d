import type { SearchStatusResponse } from '@hound/contracts';
import { asc, eq } from 'drizzle-orm';
import { ACTIVE_STATUSES, type SearchRow, searches } from '../../db/schema/index.ts';
import { type FinishDeps, finishSearch } from './finish-search.ts';
import { getSearchRow, getSearchStatus, searchNotFound } from './get-search-status.ts';

const isActive = (status: SearchRow['status']) => (ACTIVE_STATUSES as readonly string[]).includes(status);

/** Who asks to cancel: the signed-in user (if any) and the device id the request names (if any). */
export interface SearchCaller {
  userId?: string;
  isAdmin?: boolean;
  deviceId?: string;
}

/**
 * A signed-in user's search belongs to that user; an anonymous one to the device that started it (a
 * search started without a device id has no owner to prove). Admins may cancel any search.
 */
export function ownsSearch(row: SearchRow, who: SearchCaller): boolean {
  if (who.isAdmin) return true;
  if (row.userId) return who.userId === row.userId;
  return row.deviceId !== null && who.deviceId !== undefined && who.deviceId === row.deviceId;
}

/**
 * Cancels an active search: it ends now (status `cancelled`, results so far kept), its limit slot is
 * freed, and the worker running it aborts its outbound requests. Cancelling an ended search changes nothing.
 * With `who`, only the search's owner may: anyone else gets the 404 of a missing search, so the answer
 * does not confirm that the id exists. Without it the caller has already checked (My Searches, deletion).
 */
export async function cancelSearch(
  deps: FinishDeps,
  searchId: string,
  who?: SearchCaller,
): Promise<SearchStatusResponse> {
  const row = await getSearchRow(deps.db, searchId);
  if (who && !ownsSearch(row, who)) throw searchNotFound();
  if (await finishSearch(deps, searchId, 'cancelled')) await deps.bus.publishCancel(searchId);
  await cancelLeads(deps, row);
  return getSearchStatus(deps.db, searchId);
}

/** Cancelling a search of a recursive tree cancels the searches its leads started below it (issue 29). */
async function cancelLeads(deps: FinishDeps, row: SearchRow): Promise<void> {
  if (row.followDepth <= row.depth) return;
  const tree = await deps.db
    .select({ id: searches.id, parentId: searches.parentId, status: searches.status })
    .from(searches)
    .where(eq(searches.rootId, row.rootId ?? row.id))
    .orderBy(asc(searches.depth));
  const below = new Set([row.id]);
  for (const s of tree) {
    if (!s.parentId || !below.has(s.parentId)) continue;
    below.add(s.id);
    if (isActive(s.status) && (await finishSearch(deps, s.id, 'cancelled'))) await deps.bus.publishCancel(s.id);
  }
}
