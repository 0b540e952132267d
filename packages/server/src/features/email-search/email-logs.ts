import { countEmailResults, type EmailCheckResult } from '@hound/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailSearches, emailSearchResults, searchEmailLeads } from '../../db/schema/index.ts';
import type { Page } from '../../lib/page.ts';
import { listEmailSearches } from './list-email-searches.ts';
import { accountsOf, isOldRecord } from './to-contract.ts';

/** `GET /me/email-logs`: the caller's email searches, newest first, each with its accounts. */
export async function listEmailLogs(db: Database, userId: string, page: Page) {
  const rows = await listEmailSearches(db, userId, page);
  const [total] = await db.select({ n: count() }).from(emailSearches).where(eq(emailSearches.userId, userId));
  const ids = rows.map((r) => r.id);
  const results = ids.length
    ? await db
        .select({ searchId: emailSearchResults.searchId, result: emailSearchResults.result })
        .from(emailSearchResults)
        .where(inArray(emailSearchResults.searchId, ids))
    : [];
  // An email search a lead started sits under the search whose profile stated the address (decision 116).
  const leads = ids.length
    ? await db
        .select({ emailSearchId: searchEmailLeads.emailSearchId, searchId: searchEmailLeads.searchId })
        .from(searchEmailLeads)
        .where(inArray(searchEmailLeads.emailSearchId, ids))
    : [];
  const parentOf = new Map(leads.map((l) => [l.emailSearchId, l.searchId]));
  const bySearch = new Map<string, EmailCheckResult[]>();
  for (const r of results)
    bySearch.set(r.searchId, [...(bySearch.get(r.searchId) ?? []), r.result as EmailCheckResult]);
  return {
    total: total?.n ?? 0,
    items: rows.map((r) => {
      const stored = bySearch.get(r.id) ?? [];
      return {
        id: r.id,
        timestamp: r.createdAt.toISOString(),
        email: r.email,
        searchId: r.id,
        status: r.status,
        accounts: accountsOf(stored),
        counts: countEmailResults(stored),
        old: isOldRecord(r, stored.length),
        parent_search_id: parentOf.get(r.id) ?? null,
        follow_depth: r.followDepth,
      };
    }),
  };
}

export async function deleteEmailLog(db: Database, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(emailSearches)
    .where(
      and(
        eq(emailSearches.id, id),
        eq(emailSearches.userId, userId),
        inArray(emailSearches.status, ['completed', 'error']),
      ),
    )
    .returning({ id: emailSearches.id });
  return gone.length > 0;
}
