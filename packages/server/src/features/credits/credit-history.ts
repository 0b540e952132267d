/**
 * The owner's credit ledger, newest first (issue 38 item 5c), so a balance never changes unexplained: every
 * grant, purchase, spend, return, expiry and reversal with the balance after it. A reserved credit says
 * what became of it (held for the next search, spent, returned, expired) and which search it paid for.
 * Only the caller's own entries are read (the route is under `/me`).
 */
import type { CreditHistoryResponse } from '@hound/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creditLedger, creditReservations } from '../../db/schema/index.ts';

const FATE = { pending: 'held', consumed: 'spent', released: 'returned', expired: 'expired' } as const;

export async function creditHistory(
  db: Database,
  userId: string,
  page: { limit: number; skip: number },
): Promise<CreditHistoryResponse> {
  const rows = await db
    .select({ entry: creditLedger, status: creditReservations.status, searchId: creditReservations.searchId })
    .from(creditLedger)
    .leftJoin(
      creditReservations,
      and(
        eq(creditReservations.id, creditLedger.ref),
        eq(creditReservations.userId, userId),
        inArray(creditLedger.kind, ['reserve', 'refund', 'expiry']),
      ),
    )
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(page.limit)
    .offset(page.skip);
  const [total] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, userId));
  return {
    total: total?.n ?? 0,
    items: rows.map(({ entry, status, searchId }) => ({
      id: entry.id,
      at: entry.createdAt.toISOString(),
      delta: entry.delta,
      balance_after: entry.balanceAfter,
      kind: entry.kind,
      reason: entry.reason,
      reservation: entry.kind === 'reserve' && status ? FATE[status] : null,
      search_id: searchId ?? null,
    })),
  };
}
