import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { preloadSearchApi } from '../../api/lazy-search-api.ts';
import { useSiteConfig } from '../../api/site-config.ts';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { AboutSection } from './about-section.tsx';
import { BatchPanel } from './batch-panel.tsx';
import { OpeningPanel, ProgressPanel } from './progress-panel.tsx';
import { ResultsPanel } from './results-panel.tsx';
import { searchErrorMessage } from './search-error.ts';
import { SearchForm } from './search-form.tsx';
import { isActive, type SearchState } from './search-state.ts';
import { type SearchStore, sharedSearchStore, useSearchStore } from './search-store.ts';
import { isSearchableUsername } from './username-rule.ts';
import { parseUsernames } from './usernames.ts';

/** Only signed-in visitors' searches follow leads: the section is loaded when one has ended, not with the page. */
const LeadsSection = lazy(() => import('./leads-section.tsx').then((module) => ({ default: module.LeadsSection })));

/** A failure with nothing to show below it (the start was refused, or the address is gone): told at the form. */
export function formError(state: SearchState) {
  if (state.phase !== 'failed' || !state.error) return null;
  return state.error.kind === 'missing' || (state.searchId === null && state.results.length === 0) ? state.error : null;
}

/**
 * The username search home (`/`, `/username-search`) and a search's own address (`/search/{id}`).
 * The search itself lives in the tab's search store, so it survives leaving this page.
 */
export default function SearchPage({ store = sharedSearchStore() }: { store?: SearchStore }) {
  const { m, locale } = useI18n();
  const config = useSiteConfig();
  const meta = useDefaultMeta();
  useDocumentMeta(meta, meta);

  const { state, history, batch, start, startMany, open, cancel, clearHistory, getScope, setScope } =
    useSearchStore(store);
  // The store keeps the scope for every start (one name, several, a reopened one); this mirrors it for the form.
  const [scope, setScopeState] = useState(getScope);
  const { authenticated } = useAuth();
  // Signed out (or never signed in): no search follows leads, whatever the form last said.
  useEffect(() => {
    if (authenticated || !getScope().recursive) return;
    const next = { ...getScope(), recursive: undefined, depth: undefined };
    setScope(next);
    setScopeState(next);
  }, [authenticated, getScope, setScope]);
  const { id } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();

  // `/search/{id}`: reopen that search (its stored results, or live while it still runs).
  useEffect(() => {
    if (id) open(id);
  }, [id, open]);

  // A search started here gets its address as soon as the server names it (reload, back and share reopen it).
  const shownId = useRef(state.searchId);
  useEffect(() => {
    if (!state.searchId || state.searchId === shownId.current) return;
    shownId.current = state.searchId;
    if (state.searchId !== id) navigate(`/search/${encodeURIComponent(state.searchId)}`);
  }, [state.searchId, id, navigate]);

  // `?q=NAME` (e.g. "Search this username" from an email search) starts that search once, or shows it if it is on show.
  const asked = params.get('q');
  useEffect(() => {
    if (!asked) return;
    setParams({}, { replace: true });
    const name = asked.trim();
    // `?q=a,b` ("Search all" from an email search): each name a search of its own, as the form's batch.
    const many = parseUsernames(name, false);
    if (name.includes(',')) {
      if (many.ok) startMany(many.names);
      return;
    }
    const current = store.getSnapshot().state;
    if (current.username === name && current.searchId && current.phase !== 'failed') {
      navigate(`/search/${encodeURIComponent(current.searchId)}`, { replace: true });
    } else if (isSearchableUsername(name)) start(name);
  }, [asked, setParams, start, startMany, navigate, store]);

  // Fetch the search client while the visitor is still typing, so the first search starts at once.
  useEffect(() => {
    const timer = setTimeout(() => void preloadSearchApi(), 1500);
    return () => clearTimeout(timer);
  }, []);

  const running = isActive(state);
  const refusal = formError(state);
  const lead = config.siteCount
    ? fill(m.hero.leadCount, { count: config.siteCount.toLocaleString(locale) })
    : m.hero.lead;

  return (
    <>
      {/* The glow is clipped by its own box: clipping the section would cut off the recent-searches list. */}
      <section className="relative">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
          <div className="hero-glow absolute inset-x-0 -top-40 h-[28rem]" />
        </div>
        <div className="relative mx-auto max-w-3xl px-4 pt-14 pb-8 text-center sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
            {m.hero.eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{m.hero.title}</h1>
          <p className={`mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-pretty ${muted}`}>{lead}</p>
          <div className="mt-8 text-left">
            <SearchForm
              key={state.reopened ? `${state.searchId}:${state.username}` : 'form'}
              running={running}
              history={history}
              initialValue={state.username}
              error={refusal ? searchErrorMessage(refusal, m.errors) : null}
              onSearch={start}
              onSearchMany={startMany}
              scope={scope}
              canFollowLeads={authenticated}
              onScopeChange={(next) => {
                setScope(next);
                setScopeState(next);
              }}
              onPick={(entry) => {
                if (entry.searchId) {
                  open(entry.searchId, entry.username);
                  navigate(`/search/${encodeURIComponent(entry.searchId)}`);
                } else start(entry.username);
              }}
              onClearHistory={clearHistory}
            />
          </div>
          <ul className={`mt-5 flex flex-wrap justify-center gap-x-5 gap-y-1 text-sm ${muted}`}>
            {m.hero.points.map((point) => (
              <li key={point} className="flex items-center gap-1.5">
                <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-600 dark:bg-emerald-400" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </section>

      {(batch || (state.phase !== 'idle' && !refusal)) && (
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          {batch && <BatchPanel batch={batch} current={state.searchId} />}
          {state.phase === 'opening' && <OpeningPanel />}
          {state.phase !== 'idle' && state.phase !== 'opening' && !refusal && (
            <>
              <ProgressPanel state={state} onCancel={cancel} />
              <ResultsPanel key={state.startedAt ?? 0} state={state} />
              {/* Leads are started when a search completes; only signed-in visitors' searches follow them. */}
              {authenticated && state.searchId && state.phase === 'completed' && (
                <Suspense fallback={null}>
                  <LeadsSection searchId={state.searchId} />
                </Suspense>
              )}
            </>
          )}
        </div>
      )}

      <AboutSection />
    </>
  );
}
