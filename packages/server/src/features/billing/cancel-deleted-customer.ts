/**
 * After an account is deleted, its Stripe customer must stop being charged. The deletion's transaction
 * writes a `stripe_cancellations` row; this runs after the commit (never inside a transaction): it
 * cancels every subscription still running and expires every open checkout, so nothing renews and no
 * half-finished payment can complete. A failure leaves the row due again later (the background pass
 * retries with backoff), so the cancellation is not lost when Stripe is down. Idempotent: an already
 * cancelled subscription or expired session counts as done, and two nodes running the same row is harmless.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { stripeCancellations } from '../../db/schema/index.ts';
import { retryAt } from './retry-backoff.ts';
import { recordTrialMarker, releaseTrialClaim } from './trial-marker.ts';

export interface CancelDeps {
  db: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  stripe?: { client: Stripe };
}

const ENDED = new Set(['canceled', 'incomplete_expired']);

/** Stripe answers 400 for a subscription or session that already ended: that is the state we want. */
function alreadyEnded(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_already_canceled' || error.code === 'checkout_session_not_open')
  );
}

async function ignoringEnded(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (!alreadyEnded(error)) throw error;
  }
}

/** One attempt for one customer. Resolves true when the customer has nothing left running. */
export async function cancelDeletedCustomer(
  deps: CancelDeps,
  customerId: string,
  options: Stripe.RequestOptions = {},
): Promise<boolean> {
  const [row] = await deps.db.select().from(stripeCancellations).where(eq(stripeCancellations.customerId, customerId));
  if (!row || row.doneAt) return true;
  if (!deps.stripe) return false;
  const { client } = deps.stripe;
  try {
    const subscriptions = await client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }, options);
    for (const subscription of subscriptions.data) {
      if (ENDED.has(subscription.status)) continue;
      // Cancel now, no proration and no final invoice: the account is gone, nothing more is charged.
      await ignoringEnded(() => client.subscriptions.cancel(subscription.id, {}, options));
    }
    const sessions = await client.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }, options);
    for (const session of sessions.data) {
      await ignoringEnded(() => client.checkout.sessions.expire(session.id, {}, options));
      await releaseTrialClaim(deps.db, session.id);
    }
    // A trial the last sync had not seen still counts for the mailbox.
    if (row.trialMarker && subscriptions.data.some((s) => s.trial_start !== null)) {
      await recordTrialMarker(deps.db, row.trialMarker);
    }
    await deps.db
      .update(stripeCancellations)
      .set({ doneAt: deps.now(), attempts: sql`${stripeCancellations.attempts} + 1`, lastError: null })
      .where(eq(stripeCancellations.customerId, customerId));
    deps.log.info({ customer: customerId }, 'deleted account: Stripe subscriptions cancelled');
    return true;
  } catch (error) {
    const detail = error instanceof Stripe.errors.StripeError ? `${error.type}/${error.code ?? '-'}` : 'network';
    await deps.db
      .update(stripeCancellations)
      .set({
        attempts: sql`${stripeCancellations.attempts} + 1`,
        nextAttemptAt: retryAt(deps.now(), row.attempts),
        lastError: detail,
      })
      .where(eq(stripeCancellations.customerId, customerId));
    deps.log.warn({ customer: customerId, detail }, 'deleted account: Stripe cancellation failed; will retry');
    return false;
  }
}

/** The background pass: every cancellation that is due, a few at a time. Returns how many finished. */
export async function retryDueCancellations(deps: CancelDeps, batch = 20): Promise<number> {
  if (!deps.stripe) return 0;
  const due = await deps.db
    .select({ customerId: stripeCancellations.customerId })
    .from(stripeCancellations)
    .where(and(isNull(stripeCancellations.doneAt), lte(stripeCancellations.nextAttemptAt, deps.now())))
    .orderBy(asc(stripeCancellations.nextAttemptAt))
    .limit(batch);
  let done = 0;
  for (const { customerId } of due) if (await cancelDeletedCustomer(deps, customerId)) done += 1;
  return done;
}
