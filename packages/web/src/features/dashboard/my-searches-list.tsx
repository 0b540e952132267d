import type { MySearch, MySearchesResponse, SearchStatusResponse } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronIcon, ExternalIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { fill } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { useAccountText } from '../auth/account-text.ts';
import { reasonText } from '../search/leads.ts';

export const MY_SEARCHES_KEY = 'my-searches';

/** The caller's username searches, newest first (the server's order). */
export async function fetchMySearches(limit: number, failed: string): Promise<MySearch[]> {
  const answer = await apiFetch<MySearchesResponse>(`/me/searches?limit=${limit}&skip=0`);
  if (!answer.ok || !answer.body) throw new Error(answer.detail ?? failed);
  return answer.body.items;
}

/** `from` and `nested`: a search started by following a lead (issue 29), listed under the search that led to it. */
export function SearchRow({
  search,
  when,
  from,
  nested = false,
}: {
  search: MySearch;
  when: string;
  from?: string | undefined;
  nested?: boolean;
}) {
  const { m } = useI18n();
  const say = useAccountText();
  const s = m.account.searches;
  const toast = useToast();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const ended = !['queued', 'running'].includes(search.status);

  const remove = async () => {
    const answer = await apiFetch(`/me/searches/${search.id}`, { method: 'DELETE' });
    if (answer.ok) {
      toast.success(s.deleted);
      await client.invalidateQueries({ queryKey: [MY_SEARCHES_KEY] });
    } else {
      toast.error(say(answer.detail ?? m.account.messages.operationFailed));
    }
  };

  return (
    <li
      className={`${card} p-4 ${nested ? 'ms-4 border-s-4 border-s-amber-600/50 sm:ms-8' : ''}`}
      data-lead={nested || undefined}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* At least 15rem: on a phone the buttons go below the text rather than squeeze it. */}
        <div className="min-w-0 flex-1 basis-60">
          <p className="truncate font-semibold">{search.username}</p>
          {from && (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              {fill(m.leads.fromParent, { query: from })}
              {search.reason ? ` · ${reasonText(search.reason, from, m.leads)}` : ''}
            </p>
          )}
          <p className={`text-sm ${muted}`}>
            {s.kindUsername} · {when} · {s.statuses[search.status]} ·{' '}
            {s.foundCount.replace('{count}', String(search.total_found))}
          </p>
          <p className={`text-xs ${muted}`}>
            {s.searchId}: <span className="font-mono">{search.id}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Its own page: the results with filters and exports, its leads and its graph (a lead's too). */}
          <Link
            to={`/search/${encodeURIComponent(search.id)}`}
            className={button.secondary}
            aria-label={`${m.leads.open} ${search.username}`}
          >
            {m.leads.open}
          </Link>
          <button
            type="button"
            className={button.secondary}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            disabled={!ended}
          >
            <ChevronIcon className={`transition-transform ${open ? 'rotate-180' : ''}`} />
            {open ? s.hide : s.show}
          </button>
          <button type="button" className={button.ghost} onClick={remove}>
            {s.delete}
          </button>
        </div>
      </div>
      {open && <FoundProfiles searchId={search.id} />}
    </li>
  );
}

function FoundProfiles({ searchId }: { searchId: string }) {
  const { m } = useI18n();
  const s = m.account.searches;
  const query = useQuery({
    queryKey: ['search-status', searchId],
    queryFn: async () => {
      const answer = await apiFetch<SearchStatusResponse>(`/api/search/status/${searchId}`);
      if (answer.status === 404) return null;
      if (!answer.ok || !answer.body) throw new Error(s.loadFailed);
      return answer.body;
    },
  });
  if (query.isPending) return <p className={`mt-3 ${muted}`}>{m.common.loading}</p>;
  if (query.isError) return <p className="mt-3 text-red-700 dark:text-red-400">{s.loadFailed}</p>;
  if (!query.data) return <p className={`mt-3 ${muted}`}>{s.expired}</p>;
  const found = Object.entries(query.data.result?.results ?? {})
    .filter(([, r]) => r.verdict === 'found')
    .sort(([a], [b]) => a.localeCompare(b));
  if (found.length === 0) return <p className={`mt-3 ${muted}`}>{s.noProfiles}</p>;
  return (
    <ul className="mt-3 grid gap-2 border-t border-slate-200 pt-3 sm:grid-cols-2 dark:border-slate-800">
      {found.map(([platform, result]) => (
        <li key={result.site_id} className="flex min-w-0 items-center gap-2 text-sm">
          <span className="truncate font-medium">{platform}</span>
          {isWebLink(result.url) && (
            <a
              href={result.url}
              target="_blank"
              rel="noopener noreferrer"
              className={`${link} inline-flex shrink-0 items-center gap-1`}
            >
              {s.openProfile}
              <ExternalIcon />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
