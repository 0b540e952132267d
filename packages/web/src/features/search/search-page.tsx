import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { preloadSearchApi } from '../../api/lazy-search-api.ts';
import { useSiteConfig } from '../../api/site-config.ts';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill } from '../../lib/format.ts';
import { browserStore } from '../../lib/storage.ts';
import { AboutSection } from './about-section.tsx';
import { addToHistory, type HistoryEntry, readHistory, writeHistory } from './history.ts';
import { ProgressPanel } from './progress-panel.tsx';
import { ResultsPanel } from './results-panel.tsx';
import { SearchForm } from './search-form.tsx';
import { isActive } from './search-state.ts';
import { useUsernameSearch } from './use-username-search.ts';

/** The username search home (`/`, `/username-search`). */
export default function SearchPage() {
  const { m, locale } = useI18n();
  const config = useSiteConfig();
  const meta = useDefaultMeta();
  useDocumentMeta(meta, meta);

  const { state, start, cancel } = useUsernameSearch();
  const [params, setParams] = useSearchParams();

  // `?q=NAME` (e.g. "Search this username" from an email search) starts that search once.
  const asked = params.get('q');
  useEffect(() => {
    if (!asked) return;
    setParams({}, { replace: true });
    if (/^[A-Za-z0-9._-]{1,64}$/.test(asked.trim())) start(asked.trim());
  }, [asked, setParams, start]);
  const [history, setHistory] = useState<HistoryEntry[]>(() => readHistory(browserStore()));
  const saved = useRef<string | null>(null);

  // Spec 000 §4: a completed search without an error saves its history entry (once per search).
  useEffect(() => {
    if (state.phase !== 'completed' || !state.searchId || saved.current === state.searchId) return;
    saved.current = state.searchId;
    const resultCount = state.results.filter((e) => e.result.verdict === 'found').length;
    const next = addToHistory(readHistory(browserStore()), {
      username: state.username,
      timestamp: Date.now(),
      resultCount,
    });
    writeHistory(browserStore(), next);
    setHistory(next);
  }, [state.phase, state.searchId, state.username, state.results]);

  // Fetch the search client while the visitor is still typing, so the first search starts at once.
  useEffect(() => {
    const timer = setTimeout(() => void preloadSearchApi(), 1500);
    return () => clearTimeout(timer);
  }, []);

  const clearHistory = useCallback(() => {
    writeHistory(browserStore(), []);
    setHistory([]);
  }, []);

  const running = isActive(state);
  const lead = config.siteCount
    ? fill(m.hero.leadCount, { count: config.siteCount.toLocaleString(locale) })
    : m.hero.lead;

  return (
    <>
      <section className="relative overflow-hidden">
        <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-x-0 -top-40 h-[28rem]" />
        <div className="relative mx-auto max-w-3xl px-4 pt-14 pb-8 text-center sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
            {m.hero.eyebrow}
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{m.hero.title}</h1>
          <p className={`mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-pretty ${muted}`}>{lead}</p>
          <div className="mt-8 text-left">
            <SearchForm running={running} history={history} onSearch={start} onClearHistory={clearHistory} />
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

      {state.phase !== 'idle' && (
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <ProgressPanel state={state} onCancel={cancel} />
          <ResultsPanel key={state.startedAt ?? 0} state={state} />
        </div>
      )}

      <AboutSection />
    </>
  );
}
