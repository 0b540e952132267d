/**
 * What the watch pages say. The server's messages (WATCH_MESSAGES) arrive already in the page's language
 * (api-fetch translates them: i18n/server-text-tr.ts); a call that said nothing gets the generic line.
 */
import type { SearchScope, WatchEvent } from '@hound/contracts';
import { useCallback } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';

export function useWatchText(): (text: string | null | undefined) => string {
  const { m } = useI18n();
  return useCallback((text) => text || m.watches.errors.generic, [m]);
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** An event's one-line title in the page's language. */
export function useEventTitle(): (event: WatchEvent) => string {
  const { m, locale } = useI18n();
  return useCallback(
    (event) => {
      const d = event.detail;
      const since = typeof d.since === 'string' ? new Date(d.since).toLocaleDateString(locale) : '';
      return fill(m.watches.events[event.type] ?? event.type, {
        site: event.site_name ?? event.site ?? '',
        since,
        found: str(d.found),
        not_found: str(d.not_found),
        undecided: str(d.undecided),
        count: str(d.count),
        breach: str(d.breach),
      });
    },
    [m, locale],
  );
}

/** "Sites: categories coding, social · only GitHub · adult (NSFW) sites included", or the default selection. */
export function useScopeText(): (scope: SearchScope | null, adult?: boolean) => string {
  const { m } = useI18n();
  return useCallback(
    (scope, adult = false) => {
      const t = m.watches;
      const parts: string[] = [];
      if (scope?.categories?.length) parts.push(fill(t.scopeCategories, { list: scope.categories.join(', ') }));
      if (scope?.sites?.length) parts.push(fill(t.scopeSites, { list: scope.sites.join(', ') }));
      if (scope?.nsfw || adult) parts.push(t.scopeNsfw);
      return fill(t.sitesNote, { scope: parts.length > 0 ? parts.join(' · ') : t.allSites });
    },
    [m],
  );
}
