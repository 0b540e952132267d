import { countEmailResults, type EmailCheckResult, type EmailSearchSnapshot } from '@hound/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type EmailSearchRow, emailSearches, emailSearchResults } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { accountsOf, isOldRecord, recordsOf, usernameSuggestions } from './to-contract.ts';

/** One of the caller's email searches; another user's (or none) is 404, never 403, to reveal nothing. */
export async function ownEmailSearch(db: Database, userId: string, id: string): Promise<EmailSearchRow> {
  const [row] = await db
    .select()
    .from(emailSearches)
    .where(and(eq(emailSearches.id, id), eq(emailSearches.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'No such email search.');
  return row;
}

export async function resultsAfter(
  db: Database,
  id: string,
  afterSeq: number,
): Promise<Array<{ seq: number; result: EmailCheckResult }>> {
  const rows = await db
    .select({ seq: emailSearchResults.seq, result: emailSearchResults.result })
    .from(emailSearchResults)
    .where(and(eq(emailSearchResults.searchId, id), gt(emailSearchResults.seq, afterSeq)))
    .orderBy(asc(emailSearchResults.seq));
  return rows as Array<{ seq: number; result: EmailCheckResult }>;
}

export async function emailSearchSnapshot(db: Database, row: EmailSearchRow): Promise<EmailSearchSnapshot> {
  const results = (await resultsAfter(db, row.id, 0)).map((r) => r.result);
  return {
    search_id: row.id,
    email: row.email,
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    created_at: row.createdAt.toISOString(),
    progress: { done: row.done, total: Math.max(row.total, row.done) },
    accounts: accountsOf(results),
    data: recordsOf(results),
    results,
    username_suggestions: usernameSuggestions(row.email, results),
    counts: countEmailResults(results),
    old: isOldRecord(row, results.length),
  };
}
