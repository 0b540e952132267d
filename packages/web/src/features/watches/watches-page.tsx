import type { WatchList } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { DigestSettings } from './digest-settings.tsx';
import { WatchForm } from './watch-form.tsx';
import { readWatchPrefill } from './watch-prefill.ts';
import { RunLines, StatusPill } from './watch-summary.tsx';
import { awaitsRun, FOLLOW_MS, fetchWatches, WATCHES_KEY } from './watches-api.ts';

/** `/dashboard/watches`: every watch with its last and next run and new events, a new-watch form, the digest hour. */
export default function WatchesPage() {
  const { m } = useI18n();
  const t = m.watches;
  const { session } = useAuth();
  const [params] = useSearchParams();
  const list = useQuery({
    queryKey: [WATCHES_KEY, 'list', session],
    queryFn: async () => {
      const answer = await fetchWatches();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `watches: ${answer.status}`);
      return answer.body;
    },
    enabled: session,
    // While a run is open or a new watch waits for its first, follow it.
    refetchInterval: (query) =>
      (query.state.data as WatchList | undefined)?.items.some(awaitsRun) ? FOLLOW_MS : false,
  });
  const prefill = readWatchPrefill(params);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t.title}</h1>
        <p className={`mt-1 max-w-prose text-sm ${muted}`}>{t.lead}</p>
      </header>
      {list.isError && <p role="alert">{m.watches.errors.generic}</p>}
      {list.data && (
        <>
          {list.data.items.length === 0 ? (
            <p className={`${card} p-4 text-sm ${muted}`}>{t.empty}</p>
          ) : (
            <ul className="space-y-3">
              {list.data.items.map((watch) => (
                <li key={watch.id} className={`${card} p-4`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`/dashboard/watches/${encodeURIComponent(watch.id)}`}
                      className="min-w-0 break-all font-semibold text-amber-800 underline decoration-amber-800/30 underline-offset-2 hover:decoration-amber-800 dark:text-amber-300"
                    >
                      {watch.label || watch.target}
                    </Link>
                    {watch.label && <span className={`min-w-0 break-all text-sm ${muted}`}>{watch.target}</span>}
                    <StatusPill watch={watch} />
                    {watch.new_events > 0 && (
                      <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs font-semibold text-white dark:bg-amber-400 dark:text-slate-950">
                        {fill(t.newEvents, { count: watch.new_events })}
                      </span>
                    )}
                  </div>
                  <p className={`mt-1 text-xs ${muted}`}>
                    {t.kinds[watch.kind]} · {t.cadences[watch.cadence]} · {fill(t.present, { count: watch.present })}
                  </p>
                  <div className="mt-2">
                    <RunLines watch={watch} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <WatchForm plan={list.data.plan} initial={prefill} />
          <DigestSettings />
        </>
      )}
    </div>
  );
}
