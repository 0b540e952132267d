import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_STATUSES, otpChallenges, searches, users } from '../../db/schema/index.ts';
import { cancelSearch } from '../searches/cancel-search.ts';
import type { FinishDeps } from '../searches/finish-search.ts';

/**
 * Deletes the account and everything personal that hangs on it. Running searches are cancelled first (their
 * workers stop); then sessions and searches go with the user row (foreign keys cascade), and pending codes
 * for the address are removed.
 */
export async function deleteAccount(deps: FinishDeps, userId: string): Promise<void> {
  const active = await deps.db
    .select({ id: searches.id })
    .from(searches)
    .where(and(eq(searches.userId, userId), inArray(searches.status, [...ACTIVE_STATUSES])));
  for (const search of active) await cancelSearch(deps, search.id);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
    if (user) await tx.delete(otpChallenges).where(eq(otpChallenges.email, user.email));
  });
}
