import type { SearchStatusResponse } from '@hound/contracts';
import { type FinishDeps, finishSearch } from './finish-search.ts';
import { getSearchRow, getSearchStatus } from './get-search-status.ts';

/**
 * Cancels an active search: it ends now (status `cancelled`, results so far kept), its limit slot is
 * freed, and the worker running it aborts its outbound requests. Cancelling an ended search changes nothing.
 */
export async function cancelSearch(deps: FinishDeps, searchId: string): Promise<SearchStatusResponse> {
  await getSearchRow(deps.db, searchId);
  if (await finishSearch(deps, searchId, 'cancelled')) await deps.bus.publishCancel(searchId);
  return getSearchStatus(deps.db, searchId);
}
