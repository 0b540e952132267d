import type { Watch } from '@hound/contracts';
import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';

/** The status pill of a watch. */
export function StatusPill({ watch }: { watch: Watch }) {
  const { m } = useI18n();
  const tone =
    watch.status === 'active'
      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200'
      : watch.status === 'paused'
        ? 'bg-slate-200 text-slate-800 dark:bg-slate-700/60 dark:text-slate-200'
        : 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200';
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {m.watches.statuses[watch.status]}
    </span>
  );
}

/** Last run (when, what it saw) and next run, as two short lines. */
export function RunLines({ watch }: { watch: Watch }) {
  const { m, locale } = useI18n();
  const t = m.watches;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const last = watch.last_run;
  const lastText = watch.running
    ? t.running
    : !last
      ? t.never
      : `${when.format(new Date(last.finished_at ?? last.created_at))} — ${
          last.complete === false
            ? t.incomplete
            : fill(t.runCounts, {
                found: last.counts.found,
                not_found: last.counts.not_found,
                unknown: last.counts.unknown + last.counts.invalid,
              })
        }`;
  return (
    <dl className={`grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr] ${muted}`}>
      <dt className="font-medium">{t.lastRun}</dt>
      <dd className="min-w-0 break-words">{lastText}</dd>
      <dt className="font-medium">{t.nextRun}</dt>
      <dd>{watch.next_run_at ? when.format(new Date(watch.next_run_at)) : '—'}</dd>
    </dl>
  );
}
