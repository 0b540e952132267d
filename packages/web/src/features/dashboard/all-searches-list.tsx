import type { EmailLogItem, MySearch } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAccountText } from '../auth/account-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { EMAIL_LOGS_KEY, EmailLogRow, fetchEmailLogs } from '../email-search/email-logs-list.tsx';
import { fetchMySearches, MY_SEARCHES_KEY, SearchRow } from './my-searches-list.tsx';

/** `from`: a lead's search (issue 29) is listed under the search whose profile named it, with that search's name. */
type Entry =
  | { kind: 'username'; at: string; search: MySearch; from?: string; level?: number }
  | { kind: 'email'; at: string; item: EmailLogItem };

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
          <SearchRow
            key={`u-${entry.search.id}`}
            search={entry.search}
            when={format.format(new Date(entry.at))}
            from={entry.from}
            nested={(entry.level ?? 0) > 0}
          />
        ) : (
          <EmailLogRow key={`e-${entry.item.id}`} item={entry.item} when={format.format(new Date(entry.at))} />
        ),
      )}
    </ul>
  );
}

/**
 * Newest first; a search started by following a lead (issue 29) comes right after the search that led to it
 * (its children oldest first, a depth-2 lead after its own parent), not as a row of its own among the rest.
 * A lead whose parent is not in the list (deleted, or beyond `limit`) is listed by its own time.
 */
export function mergeNewestFirst(usernames: MySearch[], emails: EmailLogItem[], limit: number): Entry[] {
  const listed = new Set(usernames.map((s) => s.id));
  const childrenOf = new Map<string, MySearch[]>();
  const tops: MySearch[] = [];
  for (const search of usernames) {
    if (search.parent_id && search.parent_id !== search.id && listed.has(search.parent_id)) {
      childrenOf.set(search.parent_id, [...(childrenOf.get(search.parent_id) ?? []), search]);
    } else tops.push(search);
  }
  const all: Entry[] = [
    ...tops.map((search) => ({ kind: 'username' as const, at: search.created_at, search })),
    ...emails.map((item) => ({ kind: 'email' as const, at: item.timestamp, item })),
  ];
  const newest = all.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
  const out: Entry[] = [];
  const addWithLeads = (search: MySearch, level: number, from?: string) => {
    out.push({ kind: 'username', at: search.created_at, search, level, ...(from ? { from } : {}) });
    const children = [...(childrenOf.get(search.id) ?? [])].sort(
      (a, b) => Date.parse(a.created_at) - Date.parse(b.created_at),
    );
    for (const child of children) addWithLeads(child, level + 1, search.username);
  };
  for (const entry of newest) {
    if (entry.kind === 'username') addWithLeads(entry.search, 0);
    else out.push(entry);
  }
  return out;
}
