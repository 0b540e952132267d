import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../api/site-config.ts';
import { AlertIcon, CopyIcon, ExternalIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { button, card, focusRing, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { copyText } from '../../lib/clipboard.ts';
import { fill, plural } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { WatchThisLink } from '../watches/watch-this-link.tsx';
import { categoryLabel, SPEC_GROUPS } from './categories.ts';
import { downloadFile, type ExportExtension, exportFileName, toCsv, toExportJson } from './export.ts';
import { ExportButtons } from './export-buttons.tsx';
import {
  DEFAULT_STATUS_FILTER,
  filterResults,
  groupedCategoryCounts,
  matchesStatus,
  SORTS,
  type Sort,
  STATUS_FILTERS,
  type StatusFilter,
  sortResults,
  summarize,
} from './filters.ts';
import { ResultList } from './result-list.tsx';
import { searchErrorMessage } from './search-error.ts';
import type { SearchState } from './search-state.ts';
import { withSponsored } from './sponsored.ts';

const chip = (active: boolean) =>
  `inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors ${focusRing} ${
    active
      ? 'border-slate-900 bg-slate-900 text-white dark:border-amber-400 dark:bg-amber-400 dark:text-slate-950'
      : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:border-slate-500'
  }`;

export function ResultsPanel({ state }: { state: SearchState }) {
  const { m, locale } = useI18n();
  const config = useSiteConfig();
  const [status, setStatus] = useState<StatusFilter>(DEFAULT_STATUS_FILTER);
  const [categories, setCategories] = useState<ReadonlySet<string>>(() => new Set());
  const [name, setName] = useState('');
  const [sort, setSort] = useState<Sort>('checked');
  // Typing stays responsive on thousands of results: the list follows the box a moment later.
  const deferredName = useDeferredValue(name);
  const ids = { name: useId(), sort: useId() };

  const summary = useMemo(() => summarize(state.results), [state.results]);
  // Category counts follow the status filter, so "Forum 555" never stands beside 11 found forums.
  const groups = useMemo(
    () => groupedCategoryCounts(state.results.filter((e) => matchesStatus(e.result.verdict, status))),
    [state.results, status],
  );
  const subCount = groups.reduce((n, g) => n + g.categories.length, 0);
  const filtered = useMemo(
    () =>
      sortResults(
        filterResults(state.results, { status, categories, name: deferredName }),
        sort,
      ) as typeof state.results,
    [state.results, status, categories, deferredName, sort],
  );
  const items = useMemo(
    () => withSponsored(filtered, config.sponsored, state.username, status, categories),
    [filtered, config.sponsored, state.username, status, categories],
  );
  const statusCount = (filter: StatusFilter) =>
    state.results.filter((e) => matchesStatus(e.result.verdict, filter)).length;
  const number = (n: number) => n.toLocaleString(locale);

  const toggleCategory = (id: string) =>
    setCategories((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const toast = useToast();
  /** Profile links of the found results among those shown (sponsored entries never). */
  const foundLinks = useMemo(
    () => filtered.filter((e) => e.result.verdict === 'found' && isWebLink(e.result.url)).map((e) => e.result.url),
    [filtered],
  );
  const copyFound = async () => {
    const ok = await copyText(foundLinks.join('\n'));
    toast(ok ? plural(m.results.copiedFound, foundLinks.length, locale) : m.result.copyFailed);
  };
  const openFound = () => {
    let opened = 0;
    for (const url of foundLinks) {
      window.open(url, '_blank', 'noopener,noreferrer');
      opened += 1;
    }
    toast(plural(m.results.openedFound, opened, locale));
  };

  const [scope, setScope] = useState<'shown' | 'all'>('shown');
  const [toolsOpen, setToolsOpen] = useState(
    () => typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(min-width: 640px)').matches,
  );
  const exported = scope === 'all' ? state.results : filtered;
  /** The active filters in words, for the report's header. */
  const filtersInWords = () =>
    [
      m.filters.statuses[status],
      ...[...categories].map((id) => categoryLabel(id, m.categoryNames)),
      deferredName.trim() ? `“${deferredName.trim()}”` : '',
    ]
      .filter(Boolean)
      .join(', ');

  const reportInput = async (now: Date) => {
    const report = await import('./report.ts');
    const input = {
      brand: config.brand,
      username: state.username,
      searchId: state.searchId,
      entries: exported,
      exportedAt: now,
      link: state.searchId ? `${window.location.origin}/search/${encodeURIComponent(state.searchId)}` : null,
      scope:
        scope === 'all' || exported.length === state.results.length
          ? plural(m.report.scopeAll, state.results.length, locale)
          : plural(m.report.scopeShown, exported.length, locale, {
              total: number(state.results.length),
              filters: filtersInWords(),
            }),
      locale,
      m,
    };
    return { report, input };
  };

  const exportAs = async (ext: ExportExtension) => {
    const now = new Date();
    const name = exportFileName(config.brand, state.username, now, ext, scope);
    const input = {
      brand: config.brand,
      username: state.username,
      searchId: state.searchId,
      entries: exported,
      exportedAt: now,
    };
    if (ext === 'json') downloadFile(name, 'application/json', toExportJson(input));
    else if (ext === 'csv') downloadFile(name, 'text/csv;charset=utf-8', toCsv(exported));
    else {
      // The report writers are fetched on first use: the page's first download stays small.
      const { report, input: full } = await reportInput(now);
      if (ext === 'xlsx')
        downloadFile(name, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', report.toXlsx(full));
      else downloadFile(name, 'text/html;charset=utf-8', report.toHtmlReport(full));
    }
  };

  /** The report in a new tab, to read, search with the browser's find, or print to PDF. */
  const printView = async () => {
    const { report, input } = await reportInput(new Date());
    const url = URL.createObjectURL(new Blob([report.toHtmlReport(input)], { type: 'text/html;charset=utf-8' }));
    window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  const running = state.phase === 'starting' || state.phase === 'running';
  const reasons = summary.unknownReasons
    .map(
      ({ reason, count }) =>
        `${(m.reasons as Record<string, { short: string } | undefined>)[reason]?.short ?? reason} (${number(count)})`,
    )
    .join(', ');

  return (
    <section aria-labelledby="results-title" className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h2 id="results-title" className="text-2xl font-semibold tracking-tight break-words">
            {fill(m.results.title, { username: state.username })}
          </h2>
          <p className={`mt-1 ${muted}`} aria-live="polite">
            {fill(m.results.summary, {
              found: plural(m.results.profiles, summary.found, locale),
              platforms: plural(m.results.platforms, summary.checked, locale),
              notFound: number(summary.notFound),
            })}
          </p>
          {/* Shown once the search ends, so lines never appear above the list while results stream in. */}
          {!running && summary.unknown > 0 && (
            <p className={`mt-1 text-sm ${muted}`}>
              {plural(m.results.unknownSummary, summary.unknown, locale, { reasons })}
            </p>
          )}
          {summary.conflict > 0 && (
            <p className={`mt-1 text-sm ${muted}`}>{plural(m.results.conflictSummary, summary.conflict, locale)}</p>
          )}
          {summary.invalid > 0 && (
            <p className={`mt-1 text-sm ${muted}`}>{plural(m.results.invalidSummary, summary.invalid, locale)}</p>
          )}
        </div>
        {/* Issue 39: be told when this name gets a new account. */}
        {state.phase === 'completed' && state.username && (
          <WatchThisLink prefill={{ kind: 'username', target: state.username, scope: state.scope, adult: false }} />
        )}
      </div>

      {/* Open on wide screens; on a phone one line, so the first result is not pushed far down. */}
      <details
        className="mt-4"
        open={toolsOpen}
        onToggle={(e) => setToolsOpen((e.currentTarget as HTMLDetailsElement).open)}
      >
        <summary
          className={`w-fit cursor-pointer rounded text-sm font-medium text-amber-800 dark:text-amber-300 ${focusRing}`}
        >
          {m.results.tools}
        </summary>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <fieldset className="inline-flex items-center gap-1 rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
            <legend className="sr-only">{m.results.exportScope}</legend>
            {(['shown', 'all'] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={scope === option}
                title={m.results.exportHint}
                onClick={() => setScope(option)}
                className={`rounded-md px-2.5 py-1 text-sm font-medium ${focusRing} ${
                  scope === option
                    ? 'bg-slate-900 text-white dark:bg-amber-400 dark:text-slate-950'
                    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
                }`}
              >
                {fill(option === 'shown' ? m.results.scopeShown : m.results.scopeAll, {
                  count: number(option === 'shown' ? filtered.length : state.results.length),
                })}
              </button>
            ))}
          </fieldset>
          <ExportButtons disabled={exported.length === 0 || running} onExport={(ext) => void exportAs(ext)} />
          <button
            type="button"
            className={`${button.secondary} py-1.5 text-sm`}
            disabled={exported.length === 0 || running}
            onClick={() => void printView()}
          >
            {m.results.printView}
          </button>
          <button
            type="button"
            className={`${button.secondary} py-1.5 text-sm`}
            disabled={foundLinks.length === 0}
            onClick={() => void copyFound()}
          >
            <CopyIcon /> {fill(m.results.copyFound, { count: number(foundLinks.length) })}
          </button>
          <button
            type="button"
            className={`${button.secondary} py-1.5 text-sm`}
            disabled={foundLinks.length === 0}
            title={m.results.openFoundHint}
            onClick={openFound}
          >
            <ExternalIcon /> {fill(m.results.openFound, { count: number(foundLinks.length) })}
          </button>
          {/* Issue 29: the search tree drawn as a graph, on a page of its own (loaded on demand). */}
          {state.searchId && !running && (
            <Link
              to={`/search/${encodeURIComponent(state.searchId)}/graph`}
              className={`${button.secondary} py-1.5 text-sm`}
            >
              {m.graph.openGraph}
            </Link>
          )}
        </div>
      </details>

      {state.phase === 'failed' && state.error && (
        <div
          role="alert"
          className="mt-5 flex gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          <AlertIcon className="mt-0.5 shrink-0 text-lg" />
          <div>
            <h3 className="font-semibold">{m.results.error}</h3>
            <p className="mt-1">{searchErrorMessage(state.error, m.errors)}</p>
          </div>
        </div>
      )}

      <div className={`${card} mt-5 space-y-4 p-4`}>
        <fieldset>
          <legend className={`mb-2 text-xs font-semibold tracking-wide uppercase ${muted}`}>{m.filters.status}</legend>
          <div className="flex flex-wrap gap-2">
            {STATUS_FILTERS.map((filter) => (
              <button
                key={filter}
                type="button"
                aria-pressed={status === filter}
                onClick={() => setStatus(filter)}
                className={chip(status === filter)}
              >
                {m.filters.statuses[filter]}
                <span className="tabular-nums opacity-75">{number(statusCount(filter))}</span>
              </button>
            ))}
          </div>
        </fieldset>
        {(groups.length > 0 || categories.size > 0) && (
          <fieldset>
            <legend className={`mb-2 text-xs font-semibold tracking-wide uppercase ${muted}`}>
              {m.filters.categories}
            </legend>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                aria-pressed={categories.size === 0}
                onClick={() => setCategories(new Set())}
                className={chip(categories.size === 0)}
              >
                {m.filters.allCategories}
              </button>
              {SPEC_GROUPS.map((group) => {
                const count = groups.find((g) => g.group === group)?.count ?? 0;
                if (count === 0 && !categories.has(group)) return null;
                return (
                  <button
                    key={group}
                    type="button"
                    aria-pressed={categories.has(group)}
                    onClick={() => toggleCategory(group)}
                    className={chip(categories.has(group))}
                  >
                    {categoryLabel(group, m.categoryNames)}
                    <span className="tabular-nums opacity-75">{number(count)}</span>
                  </button>
                );
              })}
            </div>
            {subCount > 0 && (
              <details className="mt-3 group/cats">
                <summary
                  className={`cursor-pointer rounded text-sm font-medium text-amber-800 dark:text-amber-300 ${focusRing}`}
                >
                  {fill(m.filters.catalogueCategories, { count: number(subCount) })}
                </summary>
                <div className="mt-2 space-y-2">
                  {groups
                    .filter((g) => g.categories.length > 0)
                    .map((g) => (
                      <div key={g.group} className="flex flex-wrap items-center gap-1.5">
                        <span className={`mr-1 w-full text-xs font-semibold sm:w-28 ${muted}`}>
                          {categoryLabel(g.group, m.categoryNames)}
                        </span>
                        {g.categories.map(({ id, count }) => (
                          <button
                            key={id}
                            type="button"
                            aria-pressed={categories.has(id)}
                            onClick={() => toggleCategory(id)}
                            className={`${chip(categories.has(id))} px-2.5 py-0.5 text-xs`}
                          >
                            {categoryLabel(id, m.categoryNames)}
                            <span className="tabular-nums opacity-75">{number(count)}</span>
                          </button>
                        ))}
                      </div>
                    ))}
                </div>
              </details>
            )}
          </fieldset>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor={ids.name} className={`mb-1 block text-xs font-semibold tracking-wide uppercase ${muted}`}>
              {m.filters.name}
            </label>
            <input
              id={ids.name}
              type="search"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder={m.filters.namePlaceholder}
              autoComplete="off"
              spellCheck={false}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 outline-none focus:border-amber-700 focus:ring-4 focus:ring-amber-700/15 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:focus:border-amber-400"
            />
          </div>
          <div>
            <label htmlFor={ids.sort} className={`mb-1 block text-xs font-semibold tracking-wide uppercase ${muted}`}>
              {m.filters.sort}
            </label>
            <select
              id={ids.sort}
              value={sort}
              onChange={(e) => setSort(e.target.value as Sort)}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 sm:w-auto"
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {m.filters.sorts[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="mt-4">
        {items.length === 0 ? (
          <p className={`${card} px-4 py-10 text-center ${muted}`}>{running ? m.results.waiting : m.results.noMatch}</p>
        ) : (
          <ResultList items={items} label={fill(m.results.title, { username: state.username })} />
        )}
      </div>
    </section>
  );
}
