import type { EmailLogItem } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronIcon, DownloadIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { fill } from '../../lib/format.ts';
import { useEmailAnswerTexts } from './email-answer-texts.ts';
import { getEmailSearch } from './email-api.ts';
import { download, toCsv, toJson } from './email-export.ts';
import { EmailResults } from './email-results.tsx';

export const EMAIL_LOGS_KEY = 'email-logs';

/** The caller's email searches, newest first (the server's order). */
export async function fetchEmailLogs(limit: number, failed: string): Promise<EmailLogItem[]> {
  const answer = await apiFetch<{ items: EmailLogItem[] }>(`/me/email-logs?limit=${limit}&skip=0`);
  if (!answer.ok || !answer.body) throw new Error(answer.detail ?? failed);
  return answer.body.items;
}

/** `from` and `nested`: an email search a lead started (decision 116), listed under the search that led to it. */
export function EmailLogRow({
  item,
  when,
  from,
  nested = false,
}: {
  item: EmailLogItem;
  when: string;
  from?: string | undefined;
  nested?: boolean;
}) {
  const { m, locale } = useI18n();
  const answers = useEmailAnswerTexts();
  const t = m.email.logs;
  const toast = useToast();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const rules = new Intl.PluralRules(locale);
  const count = t.accounts[rules.select(item.accounts.length) === 'one' ? 'one' : 'other'].replace(
    '{count}',
    String(item.accounts.length),
  );
  const exportable = {
    searchId: item.searchId,
    email: item.email,
    timestamp: item.timestamp,
    status: item.status,
    accounts: item.accounts,
  };
  const file = `${m.brand.toLowerCase()}-email-${item.searchId}`;
  const remove = async () => {
    const answer = await apiFetch(`/me/email-logs/${item.id}`, { method: 'DELETE' });
    if (!answer.ok) return toast.error(answer.detail ?? m.account.messages.operationFailed);
    toast.success(t.deleted);
    await client.invalidateQueries({ queryKey: [EMAIL_LOGS_KEY] });
  };
  return (
    <li
      className={`${card} p-4 ${nested ? 'ms-4 border-s-4 border-s-amber-600/50 sm:ms-8' : ''}`}
      data-testid="email-log"
      data-lead={nested || undefined}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* At least 15rem: on a phone the buttons go below the text rather than squeeze it. */}
        <div className="min-w-0 flex-1 basis-60">
          <p className="truncate font-semibold">{item.email}</p>
          {from && (
            <p className="text-sm text-amber-800 dark:text-amber-300">{fill(m.leads.fromParent, { query: from })}</p>
          )}
          <p className={`text-sm ${muted}`}>
            {m.account.searches.kindEmail} · {when} · {t.statuses[item.status]} · {count}
            {item.counts && (
              <span data-testid="email-log-counts">
                {' · '}
                {answers.counts.asked}: {item.counts.asked.toLocaleString(locale)}
              </span>
            )}
          </p>
          <p className={`text-xs ${muted}`}>
            {t.searchId}: <span className="font-mono">{item.searchId}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/email-search/${encodeURIComponent(item.searchId)}`} className={button.secondary}>
            {t.open}
          </Link>
          <button type="button" className={button.secondary} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            <ChevronIcon className={open ? 'rotate-180' : ''} />
            {open ? t.hide : t.show}
          </button>
          <button
            type="button"
            className={button.ghost}
            onClick={() => download(`${file}.json`, toJson(exportable), 'application/json')}
          >
            <DownloadIcon />
            {t.exportJson}
          </button>
          <button
            type="button"
            className={button.ghost}
            onClick={() => download(`${file}.csv`, toCsv(exportable), 'text/csv')}
          >
            <DownloadIcon />
            {t.exportCsv}
          </button>
          {item.status !== 'running' && (
            <button type="button" className={button.ghost} onClick={remove}>
              {t.delete}
            </button>
          )}
        </div>
      </div>
      {open && <LoggedResults item={item} />}
    </li>
  );
}

/**
 * A logged search's results with their evidence (decision 107): read from the search's own snapshot
 * (`GET /api/email/searches/{id}`, the owner's only) when the row is opened, so the list stays small.
 */
function LoggedResults({ item }: { item: EmailLogItem }) {
  const { m } = useI18n();
  const answers = useEmailAnswerTexts();
  const snapshot = useQuery({
    queryKey: ['email-search', item.searchId, 'log'],
    queryFn: async () => {
      const answer = await getEmailSearch(item.searchId);
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? answers.failed);
      return answer.body;
    },
  });
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
      {snapshot.isPending ? (
        <p className={muted}>{answers.loading}</p>
      ) : snapshot.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {snapshot.error.message}
        </p>
      ) : item.old && snapshot.data.results.length === 0 ? (
        <p className={muted}>{m.email.logs.noLinks}</p>
      ) : (
        <EmailResults email={item.email} results={snapshot.data.results} old={snapshot.data.old} />
      )}
    </div>
  );
}
