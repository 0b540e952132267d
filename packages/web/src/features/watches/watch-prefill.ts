import type { SearchScope, WatchKind } from '@hound/contracts';

/** What "Watch this" carries from a finished search to the new-watch form: the target and its site selection. */
export interface WatchPrefill {
  kind: WatchKind;
  target: string;
  /** Username watches: the search's categories, named sites and NSFW (null: the default selection). */
  scope: SearchScope | null;
  /** Email watches: the search also asked adult sites. */
  adult: boolean;
}

/**
 * `/dashboard/watches?username=alice&category=coding&site=GitHub&nsfw=1` (or `?email=…&adult=1`): one
 * parameter per category and site, so a name with a comma survives.
 */
export function watchPrefillPath(prefill: WatchPrefill): string {
  const params = new URLSearchParams();
  params.set(prefill.kind, prefill.target);
  if (prefill.kind === 'username' && prefill.scope) {
    for (const c of prefill.scope.categories ?? []) params.append('category', c);
    for (const s of prefill.scope.sites ?? []) params.append('site', s);
    if (prefill.scope.nsfw) params.set('nsfw', '1');
  }
  if (prefill.kind === 'email' && prefill.adult) params.set('adult', '1');
  return `/dashboard/watches?${params.toString()}`;
}

/** The prefill of the page's address, or null when it names no target. */
export function readWatchPrefill(params: URLSearchParams): WatchPrefill | null {
  const username = params.get('username');
  const email = params.get('email');
  if (!username && !email) return null;
  if (!username) return { kind: 'email', target: email!, scope: null, adult: params.get('adult') === '1' };
  const scope: SearchScope = {};
  const categories = params.getAll('category').filter(Boolean);
  const sites = params.getAll('site').filter(Boolean);
  if (categories.length > 0) scope.categories = categories;
  if (sites.length > 0) scope.sites = sites;
  if (params.get('nsfw') === '1') scope.nsfw = true;
  return { kind: 'username', target: username, scope: Object.keys(scope).length > 0 ? scope : null, adult: false };
}
