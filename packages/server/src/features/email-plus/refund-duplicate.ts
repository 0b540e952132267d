/**
 * Two tabs paid the same Email Plus lead (issue 38 item 5e): the first paid invoice opened the order; any
 * other subscription created for that lead is a duplicate. It opens no order; `email_plus_duplicates` records
 * it in the transaction that finds it, and then — never inside a transaction — its subscription is cancelled
 * and its payment refunded at Stripe, each with a key of its own, so repeating the step moves no money twice.
 * When Stripe fails, the background pass retries the row with backoff until both are done. The admin sees the
 * duplicate on the order (`duplicate_payments`).
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { emailPlusDuplicates } from '../../db/schema/index.ts';
import type { CancelDeps } from '../billing/cancel-deleted-customer.ts';
import { retryAt } from '../billing/retry-backoff.ts';

/** Stripe's answer when what we asked for has already happened. */
function alreadyDone(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_already_canceled' || error.code === 'charge_already_refunded')
  );
}

/** One attempt; true when the duplicate is cancelled and refunded. */
export async function refundDuplicate(deps: CancelDeps, subscriptionId: string): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(emailPlusDuplicates)
    .where(eq(emailPlusDuplicates.subscriptionId, subscriptionId));
  if (!row || row.doneAt) return true;
  if (!deps.stripe) return false;
  const { client } = deps.stripe;
  try {
    await client.subscriptions
      .cancel(subscriptionId, {}, { idempotencyKey: `hound-stop-${subscriptionId}` })
      .catch((error: unknown) => {
        if (!alreadyDone(error)) throw error;
      });
    let refundId = row.refundId;
    if (row.paymentIntentId && !refundId) {
      const refund = await client.refunds
        .create(
          { payment_intent: row.paymentIntentId, reason: 'duplicate', metadata: { order_id: row.orderId } },
          { idempotencyKey: `hound-duplicate-${subscriptionId}` },
        )
        .catch((error: unknown) => {
          if (alreadyDone(error)) return null;
          throw error;
        });
      refundId = refund?.id ?? null;
    }
    await deps.db
      .update(emailPlusDuplicates)
      .set({ refundId, doneAt: deps.now(), attempts: sql`${emailPlusDuplicates.attempts} + 1` })
      .where(eq(emailPlusDuplicates.subscriptionId, subscriptionId));
    deps.log.warn({ orderId: row.orderId, subscriptionId }, 'Email Plus lead paid twice: second payment refunded');
    return true;
  } catch (error) {
    await deps.db
      .update(emailPlusDuplicates)
      .set({ attempts: sql`${emailPlusDuplicates.attempts} + 1`, nextAttemptAt: retryAt(deps.now(), row.attempts) })
      .where(eq(emailPlusDuplicates.subscriptionId, subscriptionId));
    deps.log.warn({ err: error, orderId: row.orderId }, 'Email Plus duplicate refund failed; will retry');
    return false;
  }
}

/** The background pass: every duplicate not yet refunded whose retry is due. */
export async function retryDueDuplicates(deps: CancelDeps, batch = 20): Promise<number> {
  if (!deps.stripe) return 0;
  const due = await deps.db
    .select({ id: emailPlusDuplicates.subscriptionId })
    .from(emailPlusDuplicates)
    .where(and(isNull(emailPlusDuplicates.doneAt), lte(emailPlusDuplicates.nextAttemptAt, deps.now())))
    .orderBy(asc(emailPlusDuplicates.nextAttemptAt))
    .limit(batch);
  let done = 0;
  for (const { id } of due) if (await refundDuplicate(deps, id)) done += 1;
  return done;
}
