import type { EmailLogItem } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ChevronIcon, DownloadIcon } from '../../components/icons.tsx';
import { useToast } from '../../components/toast.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { apiFetch } from '../../lib/api-fetch.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { download, toCsv, toJson } from './email-export.ts';
import { SiteLinks } from './site-links.tsx';

const KEY = 'email-logs';

/** My Searches' email part (spec 001 §2): time, email, search ID, status, expandable accounts, export. */
export function EmailLogsList() {
  const { m, locale } = useI18n();
  const t = m.email.logs;
  const { session } = useAuth();
  const logs = useQuery({
    queryKey: [KEY, session],
    queryFn: async () => {
      const answer = await apiFetch<{ items: EmailLogItem[] }>('/me/email-logs?limit=1000&skip=0');
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? m.account.messages.operationFailed);
      return answer.body.items;
    },
    enabled: session,
  });
  if (logs.isPending) return <p className={muted}>{m.common.loading}</p>;
  if (logs.isError) return <p className="text-red-700 dark:text-red-400">{logs.error.message}</p>;
  if (logs.data.length === 0) return <p className={`${card} p-5 ${muted}`}>{t.empty}</p>;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className="space-y-3">
      {logs.data.map((item) => (
        <EmailLogRow key={item.id} item={item} when={format.format(new Date(item.timestamp))} />
      ))}
    </ul>
  );
}

function EmailLogRow({ item, when }: { item: EmailLogItem; when: string }) {
  const { m, locale } = useI18n();
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
    await client.invalidateQueries({ queryKey: [KEY] });
  };
  return (
    <li className={`${card} p-4`} data-testid="email-log">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{item.email}</p>
          <p className={`text-sm ${muted}`}>
            {when} · {t.statuses[item.status]} · {count}
          </p>
          <p className={`text-xs ${muted}`}>
            {t.searchId}: <span className="font-mono">{item.searchId}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
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
      {open &&
        (item.accounts.length === 0 ? (
          <p className={`mt-3 ${muted}`}>{t.noLinks}</p>
        ) : (
          <div className="mt-3 overflow-x-auto border-t border-slate-200 pt-3 dark:border-slate-800">
            <table className="w-full text-left text-sm">
              <thead className={muted}>
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t.site}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t.domain}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t.category}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t.links}
                  </th>
                </tr>
              </thead>
              <tbody>
                {item.accounts.map((a) => (
                  <tr key={a.siteName}>
                    <td className="py-1 pr-3 font-medium">{a.siteName}</td>
                    <td className="py-1 pr-3">{a.domain}</td>
                    <td className="py-1 pr-3">{a.category ?? '—'}</td>
                    <td className="py-1">
                      <SiteLinks urls={a.urls} empty={t.noLinks} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </li>
  );
}
