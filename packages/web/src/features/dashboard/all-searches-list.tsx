import type { EmailLogItem, MySearch } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAccountText } from '../auth/account-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { EMAIL_LOGS_KEY, EmailLogRow, fetchEmailLogs } from '../email-search/email-logs-list.tsx';
import { fetchMySearches, MY_SEARCHES_KEY, SearchRow } from './my-searches-list.tsx';

type Entry = { kind: 'username'; at: string; search: MySearch } | { kind: 'email'; at: string; item: EmailLogItem };

/**
 * Username and email searches in one list, newest first (issue 27 item 9). Merged here from the two lists
 * the server already has (decision 104): the newest `limit` of the union lie within the newest `limit` of each.
 */
export function AllSearchesList({ limit }: { limit: number }) {
  const { m, locale } = useI18n();
  const say = useAccountText();
  const { session } = useAuth();
  const failed = m.account.messages.operationFailed;
  const usernames = useQuery({
    queryKey: [MY_SEARCHES_KEY, limit, session],
    queryFn: () => fetchMySearches(limit, failed),
    enabled: session,
  });
  const emails = useQuery({
    queryKey: [EMAIL_LOGS_KEY, limit, session],
    queryFn: () => fetchEmailLogs(limit, failed),
    enabled: session,
  });
  if (usernames.isPending || emails.isPending) return <p className={muted}>{m.common.loading}</p>;
  const error = usernames.error ?? emails.error;
  if (error) return <p className="text-red-700 dark:text-red-400">{say(error.message)}</p>;
  const entries = mergeNewestFirst(usernames.data ?? [], emails.data ?? [], limit);
  if (entries.length === 0) return <p className={`${card} p-5 ${muted}`}>{m.account.searches.empty}</p>;
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className="space-y-3" data-testid="all-searches">
      {entries.map((entry) =>
        entry.kind === 'username' ? (
          <SearchRow key={`u-${entry.search.id}`} search={entry.search} when={format.format(new Date(entry.at))} />
        ) : (
          <EmailLogRow key={`e-${entry.item.id}`} item={entry.item} when={format.format(new Date(entry.at))} />
        ),
      )}
    </ul>
  );
}

export function mergeNewestFirst(usernames: MySearch[], emails: EmailLogItem[], limit: number): Entry[] {
  const all: Entry[] = [
    ...usernames.map((search) => ({ kind: 'username' as const, at: search.created_at, search })),
    ...emails.map((item) => ({ kind: 'email' as const, at: item.timestamp, item })),
  ];
  return all.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
}
