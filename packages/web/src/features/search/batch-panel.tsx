import { Link } from 'react-router';
import { card, focusRing, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill, plural } from '../../lib/format.ts';
import type { BatchItem } from './search-store.ts';

/** The names of a multi-name search: each one's state, and once all are done, a link to each one's results. */
export function BatchPanel({ batch, current }: { batch: readonly BatchItem[]; current: string | null }) {
  const { m, locale } = useI18n();
  const done = batch.filter((b) => b.phase !== 'waiting' && b.phase !== 'running').length;
  const finished = done === batch.length;
  return (
    <section aria-labelledby="batch-title" className={`${card} mt-6 p-4`}>
      <h2 id="batch-title" className="text-sm font-semibold">
        {fill(m.batch.title, { done, count: batch.length })}
      </h2>
      <ol className="mt-2 grid gap-1 sm:grid-cols-2">
        {batch.map((item) => {
          const status =
            item.phase === 'completed'
              ? plural(m.batch.completed, item.found, locale)
              : m.batch[item.phase as Exclude<BatchItem['phase'], 'completed'>];
          const name =
            finished && item.searchId && item.searchId !== current ? (
              <Link
                to={`/search/${encodeURIComponent(item.searchId)}`}
                className={`rounded font-medium text-amber-800 underline-offset-2 hover:underline dark:text-amber-300 ${focusRing}`}
              >
                {item.username}
              </Link>
            ) : (
              <span className="font-medium">{item.username}</span>
            );
          return (
            <li
              key={item.username}
              aria-current={item.searchId !== null && item.searchId === current ? 'true' : undefined}
              className="flex min-w-0 items-center justify-between gap-3 rounded-lg px-2 py-1 text-sm aria-[current=true]:bg-slate-100 dark:aria-[current=true]:bg-slate-800"
            >
              <span className="min-w-0 truncate">{name}</span>
              <span className={`shrink-0 tabular-nums ${muted}`}>{status}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
