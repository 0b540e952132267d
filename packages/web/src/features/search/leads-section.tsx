/**
 * "Leads" on a search's results (issue 29): the searches its found profiles led to, with why, each opening its
 * own results, and the identity graph of the whole tree. Polls the tree while any of them still runs.
 */
import type { SearchTree } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { type Lead, leadsOf, pollAgain } from './leads.ts';

export const LEAD_POLL_MS = 3000;

/** The tree, or null when the server has none (404) — fetched with the graph's client, loaded on demand. */
async function loadTree(id: string): Promise<SearchTree | null> {
  const { fetchSearchTree } = await import('../graph/search-tree.ts');
  const answer = await fetchSearchTree(id);
  if (answer.status === 'failed') throw new Error('tree');
  return answer.status === 'ready' ? answer.tree : null;
}

export function LeadsSection({
  searchId,
  fetchTree = loadTree,
  pollMs = LEAD_POLL_MS,
}: {
  searchId: string;
  fetchTree?: (id: string) => Promise<SearchTree | null>;
  pollMs?: number;
}) {
  const { m } = useI18n();
  const t = m.leads;
  const polls = useRef(0);
  const query = useQuery({
    queryKey: ['search-tree', searchId],
    // The count travels with the tree, so the page re-renders when the grace polls run out on an unchanged tree.
    queryFn: async () => ({ tree: await fetchTree(searchId), polls: ++polls.current }),
    staleTime: 0,
    refetchInterval: (q) => {
      const data = q.state.data;
      return data?.tree && pollAgain(data.tree, data.polls) ? pollMs : false;
    },
  });
  const tree = query.data?.tree;
  if (!tree) {
    return query.isError ? <p className="mt-6 text-sm text-red-700 dark:text-red-400">{t.failed}</p> : null;
  }
  const leads = leadsOf(tree);
  const root = tree.searches.find((s) => s.id === tree.root_id);
  // A search that does not follow leads (and has none) gets no section at all.
  if (leads.length === 0 && !((root?.follow_depth ?? 0) > (root?.depth ?? 0))) return null;
  const waiting = pollAgain(tree, query.data?.polls ?? 0);
  return (
    <section aria-labelledby="leads-title" className={`${card} mt-6 p-4 sm:p-5`} data-testid="leads">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="leads-title" className="text-lg font-semibold">
          {t.title}
        </h2>
        <Link to={`/search/${encodeURIComponent(searchId)}/graph`} className={`${button.secondary} py-1.5 text-sm`}>
          {m.graph.openGraph}
        </Link>
      </div>
      <p className={`mt-1 text-sm ${muted}`}>{t.intro}</p>
      {leads.length === 0 ? (
        <p className={`mt-3 text-sm ${muted}`} aria-live="polite">
          {waiting ? t.loading : t.none}
        </p>
      ) : (
        <ul className="mt-3 space-y-2" aria-live="polite">
          {leads.map((lead) => (
            <LeadRow key={lead.search.id} lead={lead} rootDepth={root?.depth ?? 0} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LeadRow({ lead, rootDepth }: { lead: Lead; rootDepth: number }) {
  const { m } = useI18n();
  const t = m.leads;
  const { search } = lead;
  const reason = search.reason;
  // The server words the reason in English; a username named by a profile is worded here in the page's language.
  const why =
    search.kind === 'username' && reason?.from_site && lead.parentQuery
      ? fill(t.reason, { site: reason.from_site, query: lead.parentQuery })
      : (reason?.text ?? '');
  const email = search.kind === 'email';
  const status = email ? t.notStarted : (t.statuses[search.status] ?? search.status);
  // A lead's lead (depth 2) sits under the one that named it: at most one step in (classes, not inline styles).
  const nested = search.depth - rootDepth > 1;
  return (
    <li
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-slate-200 p-3 dark:border-slate-800 ${nested ? 'ms-5' : ''}`}
      data-testid="lead"
    >
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold break-all">
          {search.query}
          {email && <span className={`ml-2 text-xs font-normal ${muted}`}>{t.emailLead}</span>}
        </p>
        {why && <p className={`text-sm ${muted}`}>{why}</p>}
        <p className={`text-xs ${muted}`}>
          {status}
          {!email && search.status === 'completed' && ` · ${fill(t.found, { count: lead.found })}`}
        </p>
      </div>
      {!email && (
        <Link to={`/search/${encodeURIComponent(search.id)}`} className={`${link} shrink-0 text-sm`}>
          {t.open}
          <span className="sr-only"> {search.query}</span>
        </Link>
      )}
    </li>
  );
}
