import type { CreditHistoryEntry, CreditHistoryResponse } from '@hound/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useLiveAccount } from '../billing/use-credits.ts';
import { useCreditsTexts } from './credits-texts.ts';

export const CREDIT_HISTORY_KEY = 'credit-history';
const PAGE = 10;

async function fetchPage(skip: number): Promise<CreditHistoryResponse> {
  const answer = await apiFetch<CreditHistoryResponse>(`/me/credits/history?limit=${PAGE}&skip=${skip}`);
  if (!answer.ok || !answer.body) throw new Error(answer.detail ?? 'credit history');
  return answer.body;
}

/**
 * The dashboard's credit history (issue 38 item 5c): every change of the balance, newest first, so the
 * number on the plan card is never unexplained. Read again whenever the live balance changes (a search,
 * a pack, a grant), ten at a time.
 */
export function CreditHistory() {
  const { m, locale } = useI18n();
  const credits = useCreditsTexts();
  const t = credits;
  const { user } = useAuth();
  const live = useLiveAccount();
  const id = useId();
  const history = useInfiniteQuery({
    queryKey: [CREDIT_HISTORY_KEY, user?.id ?? null, live?.credits ?? null],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((n, page) => n + page.items.length, 0);
      return seen < last.total ? seen : undefined;
    },
    enabled: user !== null,
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={id} className={`${card} p-5`} data-testid="credit-history">
      <h2 id={id} className="text-xl font-semibold">
        {t.title}
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>{t.intro}</p>
      {history.isPending ? (
        <p className={`mt-3 ${muted}`}>{m.common.loading}</p>
      ) : history.isError ? (
        <p className="mt-3 text-red-700 dark:text-red-400">{t.failed}</p>
      ) : entries.length === 0 ? (
        <p className={`mt-3 ${muted}`}>{t.empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-3 py-2.5" data-testid="credit-entry">
              <div className="min-w-0">
                <p className="text-sm font-medium">
                  <EntryText entry={entry} />
                </p>
                <p className={`text-xs ${muted}`}>
                  <time dateTime={entry.at}>{date.format(new Date(entry.at))}</time>
                  {entry.reason && (entry.kind === 'admin_grant' || entry.kind === 'admin_deduct') && (
                    <span className="[overflow-wrap:anywhere]"> · {entry.reason}</span>
                  )}
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p
                  className={`font-semibold tabular-nums ${entry.delta > 0 ? 'text-emerald-700 dark:text-emerald-400' : ''}`}
                  data-testid="credit-delta"
                >
                  {entry.delta > 0 ? '+' : '−'}
                  {Math.abs(entry.delta).toLocaleString(locale)}
                </p>
                <p className={`text-xs tabular-nums ${muted}`}>
                  {fill(t.balance, { count: entry.balance_after.toLocaleString(locale) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <button
          type="button"
          className={`${button.secondary} mt-3`}
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? m.common.loading : t.more}
        </button>
      )}
    </section>
  );
}

function EntryText({ entry }: { entry: CreditHistoryEntry }) {
  const credits = useCreditsTexts();
  const t = credits;
  if (entry.kind !== 'reserve') return <>{t.kinds[entry.kind]}</>;
  const text = t.reserve[entry.reservation ?? 'held'];
  if (entry.reservation !== 'spent' || !entry.search_id) return <>{text}</>;
  return (
    <Link to={`/email-search/${encodeURIComponent(entry.search_id)}`} className={link} title={t.openSearch}>
      {text}
    </Link>
  );
}
