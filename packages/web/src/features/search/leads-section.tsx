/**
 * "Leads" on a search's results (issue 29): the searches its found profiles led to, with why, each opening its
 * own results, and the identity graph of the whole tree. Polls the tree while any of them still runs.
 */
import type { LeadSearch, SearchTree } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { translateServerText } from '../../i18n/server-text.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useRefreshCredits } from '../billing/use-credits.ts';
import { type Lead, leadsOf, pollAgain, reasonText, startable } from './leads.ts';

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
  const emailRoot = root?.kind === 'email';
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
      <p className={`mt-1 text-sm ${muted}`}>{emailRoot ? t.emailIntro : t.intro}</p>
      {leads.length === 0 ? (
        <p className={`mt-3 text-sm ${muted}`} aria-live="polite">
          {waiting ? t.loading : emailRoot ? t.emailNone : t.none}
        </p>
      ) : (
        <ul className="mt-3 space-y-2" aria-live="polite">
          {leads.map((lead) => (
            <LeadRow key={lead.search.id} lead={lead} rootDepth={root?.depth ?? 0} treeKey={searchId} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LeadRow({ lead, rootDepth, treeKey }: { lead: Lead; rootDepth: number; treeKey: string }) {
  const { m } = useI18n();
  const t = m.leads;
  const { search } = lead;
  const why = reasonText(search.reason, lead.parentQuery, t);
  const email = search.kind === 'email';
  const status =
    search.status === 'not_started'
      ? t.notStarted
      : search.status === 'not_searched'
        ? fill(t.heldStatus, { why: t.held[search.held ?? ''] ?? search.held ?? '' })
        : (t.statuses[search.status] ?? search.status);
  // An email search a lead started has its own id (the lead's while it is not started, or not the viewer's).
  const emailSearch = email && search.lead_id !== search.id && !!search.lead_id;
  const opens = email ? emailSearch : search.status !== 'not_searched';
  // Found counts come with the answers: not for a lead someone else searched (its answers are the owner's).
  const counted = !email || emailSearch || !search.lead_id;
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
        <p className={`text-xs ${muted}`} data-testid="lead-status">
          {status}
          {search.status === 'completed' && counted && ` · ${fill(t.found, { count: lead.found })}`}
        </p>
      </div>
      {startable(search) && <StartEmailLead search={search} treeKey={treeKey} />}
      {opens && (
        <Link
          to={email ? `/email-search/${encodeURIComponent(search.id)}` : `/search/${encodeURIComponent(search.id)}`}
          className={`${link} shrink-0 text-sm`}
        >
          {t.open}
          <span className="sr-only"> {search.query}</span>
        </Link>
      )}
    </li>
  );
}

/**
 * One click searches an address a profile stated (decision 116). The button says what it costs; the server
 * charges once per lead however often it is pressed, and answers 404 to anyone but the tree's owner.
 */
function StartEmailLead({ search, treeKey }: { search: LeadSearch; treeKey: string }) {
  const { m } = useI18n();
  const t = m.leads;
  const { authenticated } = useAuth();
  const client = useQueryClient();
  const refreshCredits = useRefreshCredits();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!authenticated) return <p className={`basis-full text-xs ${muted}`}>{t.searchEmailSignIn}</p>;
  const start = async () => {
    setPending(true);
    setError(null);
    const answer = await apiFetch<{ search_id: string }>(
      `/api/email/leads/${encodeURIComponent(search.lead_id ?? '')}/search`,
      { method: 'POST', headers: { 'idempotency-key': `email-lead-${crypto.randomUUID()}` } },
    );
    setPending(false);
    if (!answer.ok) {
      setError(answer.detail ? translateServerText(answer.detail) : t.searchEmailFailed);
      return;
    }
    await Promise.all([client.invalidateQueries({ queryKey: ['search-tree', treeKey] }), refreshCredits()]);
  };
  return (
    <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
      <button
        type="button"
        className={`${button.secondary} py-1.5 text-sm`}
        disabled={pending}
        onClick={() => void start()}
        aria-label={fill(t.searchEmailLabel, { email: search.query })}
      >
        {t.searchEmail}
        <span className={`ms-2 text-xs font-normal ${muted}`}>{t.searchEmailCost}</span>
      </button>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
