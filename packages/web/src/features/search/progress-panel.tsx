import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../api/site-config.ts';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill, formatSeconds } from '../../lib/format.ts';
import type { SearchState } from './search-state.ts';

/** Ticks while the search runs so elapsed time and speed stay current. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export interface ProgressFigures {
  percent: number;
  elapsedMs: number;
  perSecond: number;
  /** Estimated time left; null until there is enough to go on. */
  remainingMs: number | null;
}

export function progressFigures(
  state: Pick<SearchState, 'progress' | 'startedAt' | 'finishedAt'>,
  now: number,
): ProgressFigures {
  const { done, total } = state.progress;
  const elapsedMs = state.startedAt === null ? 0 : Math.max(0, (state.finishedAt ?? now) - state.startedAt);
  const perSecond = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const remaining = total - done;
  const remainingMs = elapsedMs >= 2000 && done > 0 && remaining > 0 ? (remaining / perSecond) * 1000 : null;
  return { percent: total > 0 ? Math.min(100, (done / total) * 100) : 0, elapsedMs, perSecond, remainingMs };
}

export function ProgressPanel({ state, onCancel }: { state: SearchState; onCancel(): void }) {
  const { m, locale } = useI18n();
  const { communityUrl } = useSiteConfig();
  const active = state.phase === 'starting' || state.phase === 'running';
  const now = useNow(active);
  const figures = progressFigures(state, now);
  const { done, total } = state.progress;
  const number = (n: number) => n.toLocaleString(locale);
  const found = state.results.reduce((n, e) => n + (e.result.verdict === 'found' ? 1 : 0), 0);

  let headline: string;
  if (state.phase === 'starting') headline = m.progress.starting;
  else if (state.phase === 'running') headline = total > 0 ? m.progress.running : m.progress.queued;
  else if (state.phase === 'completed')
    headline = fill(m.progress.completed, { seconds: formatSeconds(figures.elapsedMs, locale) });
  else if (state.phase === 'cancelled') headline = m.progress.cancelled;
  else headline = m.progress.stopped;

  let expectation: string | null = null;
  if (active) {
    expectation =
      figures.remainingMs !== null
        ? fill(m.progress.remaining, { seconds: formatSeconds(Math.max(1000, figures.remainingMs), locale) })
        : m.progress.expected;
  } else if (state.phase === 'completed') expectation = m.progress.completedHint;
  else if (state.phase === 'cancelled') expectation = m.progress.cancelledHint;

  return (
    <section aria-labelledby="progress-title" className={`${card} p-5 sm:p-6`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="progress-title" className="font-semibold">
            {headline}
          </h2>
          <p className={`mt-1 min-h-5 text-sm ${muted}`}>{expectation ?? '\u00a0'}</p>
        </div>
        {active && (
          <button type="button" onClick={onCancel} className={`${button.secondary} py-1.5 text-sm`}>
            {m.progress.cancel}
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={m.progress.label}
        aria-valuemin={0}
        aria-valuemax={total || 1}
        aria-valuenow={done}
        aria-valuetext={fill(m.progress.valueText, { done: number(done), total: number(total) })}
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ease-out ${
            state.phase === 'failed' ? 'bg-red-600 dark:bg-red-400' : 'bg-amber-600 dark:bg-amber-400'
          } ${active && total === 0 ? 'progress-indeterminate w-1/3' : ''}`}
          style={active && total === 0 ? undefined : { width: `${figures.percent}%` }}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Stat label={m.progress.checked} value={`${number(done)} / ${total ? number(total) : '–'}`} />
        <Stat label={m.progress.found} value={number(found)} />
        <Stat
          label={m.progress.elapsed}
          value={fill(m.progress.seconds, { seconds: formatSeconds(figures.elapsedMs, locale) })}
        />
        <Stat
          label={m.progress.speed}
          value={fill(m.progress.perSecond, { rate: Math.round(figures.perSecond).toLocaleString(locale) })}
        />
      </dl>
      {/* Always rendered (only the words change) so the results below never jump when the search ends. */}
      <p className={`mt-4 border-t border-slate-200 pt-3 text-sm dark:border-slate-800 ${muted}`}>
        {communityUrl && (
          <>
            {active ? m.progress.whileWaiting : m.progress.afterwards}{' '}
            <a href={communityUrl} className={link} target="_blank" rel="noopener noreferrer">
              {m.progress.community}
            </a>{' '}
            ·{' '}
          </>
        )}
        {m.progress.emailSearchPrompt}{' '}
        <Link to="/email-search" className={link}>
          {m.progress.emailSearch}
        </Link>
      </p>
    </section>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className={`text-xs tracking-wide uppercase ${muted}`}>{label}</dt>
      <dd className="mt-0.5 font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** A stored search asked for by its address, until its snapshot answers: no title, no counts, no Cancel. */
export function OpeningPanel() {
  const { m } = useI18n();
  return (
    <section aria-labelledby="progress-title" aria-busy="true" className={`${card} p-5 sm:p-6`}>
      <h2 id="progress-title" className="font-semibold" role="status">
        {m.progress.opening}
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>{m.progress.openingHint}</p>
      <div className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
        <div className="progress-indeterminate h-full w-1/3 rounded-full bg-amber-600 dark:bg-amber-400" />
      </div>
    </section>
  );
}
