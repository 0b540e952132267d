import type { EmailLogItem, MySearch } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAccountText } from '../auth/account-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { EMAIL_LOGS_KEY, EmailLogRow, fetchEmailLogs } from '../email-search/email-logs-list.tsx';
import { fetchMySearches, MY_SEARCHES_KEY, SearchRow } from './my-searches-list.tsx';

/**
 * `from`: a lead's search (issue 29, decision 116) is listed under the search that led to it — a username
 * search under a username or email search, an email search under the username search whose profile stated
 * the address — with that search's name.
 */
type Entry =
  | { kind: 'username'; at: string; search: MySearch; from?: string; level?: number }
  | { kind: 'email'; at: string; item: EmailLogItem; from?: string; level?: number };
/**
 * Username and email searches in one list, newest first (issue 27 item 9). Merged here from the two lists
 * the server already has (decision 104): the newest `limit` of the union lie within the newest `limit` of each.
 */
export function AllSearchesList({ limit }: { limit: number }) {
  const { m, locale } = useI18n();
  const say = useAccountText();
  const { session } = useAuth();
  const failed = m.account.messages.fetchLogs;
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
          <EmailLogRow
            key={`e-${entry.item.id}`}
            item={entry.item}
            when={format.format(new Date(entry.at))}
            from={entry.from}
            nested={(entry.level ?? 0) > 0}
          />
        ),
      )}
    </ul>
  );
}

/**
 * Newest first; a search started by following a lead (issue 29, decision 116) comes right after the search
 * that led to it (its children oldest first, a depth-2 lead after its own parent), not as a row of its own
 * among the rest. A lead whose parent is not in the list (deleted, or beyond `limit`) is listed by its own time.
 */
export function mergeNewestFirst(usernames: MySearch[], emails: EmailLogItem[], limit: number): Entry[] {
  const all: Entry[] = [
    ...usernames.map((search) => ({ kind: 'username' as const, at: search.created_at, search })),
    ...emails.map((item) => ({ kind: 'email' as const, at: item.timestamp, item })),
  ];
  const keyOf = (e: Entry) => (e.kind === 'username' ? `u:${e.search.id}` : `e:${e.item.id}`);
  const parentOf = (e: Entry): string | null => {
    if (e.kind === 'email') return e.item.parent_search_id ? `u:${e.item.parent_search_id}` : null;
    if (e.search.parent_id) return `u:${e.search.parent_id}`;
    return e.search.parent_email_search_id ? `e:${e.search.parent_email_search_id}` : null;
  };
  const nameOf = (e: Entry) => (e.kind === 'username' ? e.search.username : e.item.email);
  const listed = new Set(all.map(keyOf));
  const childrenOf = new Map<string, Entry[]>();
  const tops: Entry[] = [];
  for (const entry of all) {
    const parent = parentOf(entry);
    if (parent && parent !== keyOf(entry) && listed.has(parent)) {
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), entry]);
    } else tops.push(entry);
  }
  const newest = tops.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
  const out: Entry[] = [];
  const addWithLeads = (entry: Entry, level: number, from?: string) => {
    out.push(level > 0 ? { ...entry, level, ...(from ? { from } : {}) } : entry);
    const children = [...(childrenOf.get(keyOf(entry)) ?? [])].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    for (const child of children) addWithLeads(child, level + 1, nameOf(entry));
  };
  for (const entry of newest) addWithLeads(entry, 0);
  return out;
}
