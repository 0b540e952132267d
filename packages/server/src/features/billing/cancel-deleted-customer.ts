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
import { isRecordedCheckout, isRecordedInvoice } from './recorded-payments.ts';
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
    (error.code === 'resource_already_canceled' ||
      error.code === 'checkout_session_not_open' ||
      error.code === 'charge_already_refunded')
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
    // Open checkouts first, so nothing new can be paid while the rest is undone.
    const sessions = await client.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }, options);
    for (const session of sessions.data) {
      await ignoringEnded(() => client.checkout.sessions.expire(session.id, {}, options));
      await releaseTrialClaim(deps.db, session.id);
    }
    const subscriptions = await client.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }, options);
    for (const subscription of subscriptions.data) {
      if (ENDED.has(subscription.status)) continue;
      // Cancel now, no proration and no final invoice: the account is gone, nothing more is charged.
      await ignoringEnded(() => client.subscriptions.cancel(subscription.id, {}, options));
    }
    await refundPaidSince(deps.db, deps.stripe.client, customerId, row.createdAt, subscriptions.data, options);
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

/**
 * A payment that arrived after the deletion (a checkout left open while Stripe was failing, paid before the
 * pass could expire it) buys nothing for anyone: it is refunded, once per payment (idempotency key). The
 * candidates are the paid invoices of subscriptions created since, and one-off checkout payments made since;
 * Stripe counts whole seconds, so "since" includes the deletion's own second, and a candidate Hound recorded
 * (by invoice, session or payment intent: `recorded-payments.ts`) is never refunded here (decision 164).
 */
async function refundPaidSince(
  db: Database,
  client: Stripe,
  customerId: string,
  deletedAt: Date,
  subscriptions: Stripe.Subscription[],
  options: Stripe.RequestOptions,
): Promise<void> {
  const since = Math.floor(deletedAt.getTime() / 1000);
  const intents = new Set<string>();
  for (const subscription of subscriptions) {
    if (subscription.created < since) continue;
    const invoices = await client.invoices.list({ subscription: subscription.id, status: 'paid', limit: 100 }, options);
    for (const invoice of invoices.data) {
      const payments = await client.invoicePayments.list({ invoice: invoice.id!, limit: 10 }, options);
      const paid = payments.data.flatMap(({ payment }) => {
        const intent = payment.payment_intent;
        return intent ? [typeof intent === 'string' ? intent : intent.id] : [];
      });
      if (await isRecordedInvoice(db, customerId, invoice.id!, paid)) continue;
      for (const intent of paid) intents.add(intent);
    }
  }
  const paid = await client.checkout.sessions.list({ customer: customerId, status: 'complete', limit: 100 }, options);
  for (const session of paid.data) {
    const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    if (session.mode !== 'payment' || !intent) continue;
    if ((await client.paymentIntents.retrieve(intent, {}, options)).created < since) continue;
    if (await isRecordedCheckout(db, session.id, intent)) continue;
    intents.add(intent);
  }
  for (const intent of intents) {
    await ignoringEnded(() =>
      client.refunds.create(
        { payment_intent: intent, reason: 'requested_by_customer', metadata: { reason: 'account deleted' } },
        { ...options, idempotencyKey: `hound-deleted-refund-${intent}` },
      ),
    );
  }
}

/**
 * A payment event for a customer whose account was deleted: the cancellation is due again at once and runs
 * now, so the payment is refunded and what it started is ended; if Stripe fails, the background pass retries.
 */
export async function undoDeletedCustomerPayment(deps: CancelDeps, customerId: string): Promise<void> {
  const rearmed = await deps.db
    .update(stripeCancellations)
    .set({ doneAt: null, nextAttemptAt: deps.now() })
    .where(eq(stripeCancellations.customerId, customerId))
    .returning({ customerId: stripeCancellations.customerId });
  if (rearmed.length > 0) await cancelDeletedCustomer(deps, customerId);
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
