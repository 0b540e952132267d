import { and, eq, inArray } from 'drizzle-orm';
import {
  ACTIVE_STATUSES,
  billingAccounts,
  emailPlusOrders,
  otpChallenges,
  searches,
  stripeCancellations,
  stripeCustomerUpdates,
  users,
  watches,
} from '../../db/schema/index.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { cancelDeletedCustomer } from '../billing/cancel-deleted-customer.ts';
import { recordTrialMarker, trialMarker } from '../billing/trial-marker.ts';
import { cancelSearch } from '../searches/cancel-search.ts';
import type { FinishDeps } from '../searches/finish-search.ts';
import { stopWatchRuns } from '../watches/delete-watch.ts';

/** The first Stripe attempt is short and not retried by the SDK: the background pass retries (decision 095). */
const INLINE_STRIPE = { timeout: 5_000, maxNetworkRetries: 0 };

/**
 * Deletes the account and everything personal that hangs on it. Running searches are cancelled first (their
 * workers stop), and so are its watches' runs; then, in one transaction, sessions, searches, watches (with their
 * baselines, runs and events), reservations and checkouts go with the user
 * row (foreign keys cascade), pending codes and unpaid Email Plus leads are removed — and what the business
 * must keep stays: paid Email Plus orders until delivered or refused (their `user_id` becomes null), the
 * credit ledger (for accounting), the mailbox's trial marker and a durable order to cancel the Stripe
 * subscription. That cancellation runs after the commit; if Stripe fails, the background pass retries it.
 */
export async function deleteAccount(deps: FinishDeps & { billing: BillingDeps }, userId: string): Promise<void> {
  const active = await deps.db
    .select({ id: searches.id })
    .from(searches)
    .where(and(eq(searches.userId, userId), inArray(searches.status, [...ACTIVE_STATUSES])));
  for (const search of active) await cancelSearch(deps, search.id);
  // Watches go with the account (cascades); their runs stop first, like the account's own searches.
  const watched = await deps.db.select({ id: watches.id }).from(watches).where(eq(watches.userId, userId));
  await stopWatchRuns(
    deps,
    watched.map((w) => w.id),
  );
  const key = await deps.billing.key();
  const customerId = await deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).for('update');
    await tx
      .delete(emailPlusOrders)
      .where(
        and(eq(emailPlusOrders.userId, userId), inArray(emailPlusOrders.status, ['lead', 'delivered', 'refused'])),
      );
    const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
    if (!user) return null;
    await tx.delete(otpChallenges).where(eq(otpChallenges.email, user.email));
    if (!account) return null;
    // A queued address for Stripe is personal data too; the customer is only cancelled now.
    await tx.delete(stripeCustomerUpdates).where(eq(stripeCustomerUpdates.customerId, account.customerId));
    const marker = trialMarker(key, user.email);
    if (account.trialUsed) await recordTrialMarker(tx, marker);
    await tx
      .insert(stripeCancellations)
      .values({ customerId: account.customerId, trialMarker: marker })
      .onConflictDoUpdate({
        target: stripeCancellations.customerId,
        set: { doneAt: null, nextAttemptAt: deps.billing.now() },
      });
    return account.customerId;
  });
  if (customerId) await cancelDeletedCustomer(deps.billing, customerId, INLINE_STRIPE);
}
