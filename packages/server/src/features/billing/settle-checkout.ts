/**
 * Applies a finished checkout, re-read from Stripe: the plan (sync), the first invoice's credits, a credit
 * pack, or the Email Plus order. Any of the checkout's events may arrive first; each calls this and the effects are
 * keyed (invoice id, lead id), so the first applies them and the rest find them done.
 */
import { and, eq, sql } from 'drizzle-orm';
import { billingAccounts, checkouts, users } from '../../db/schema/index.ts';
import { markOrderPaid } from '../email-plus/mark-order-paid.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { undoDeletedCustomerPayment } from './cancel-deleted-customer.ts';
import { findAccountOfCustomer } from './ensure-customer.ts';
import { grantPack } from './grant-pack.ts';
import { settleInvoice } from './settle-invoice.ts';
import { syncCustomer } from './sync-customer.ts';
import { recordTrialMarker, releaseTrialClaim, settleTrialClaim, trialMarker } from './trial-marker.ts';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

export async function settleCheckout(deps: BillingDeps, sessionId: string): Promise<void> {
  const { client } = stripeOf(deps);
  const session = await client.checkout.sessions.retrieve(sessionId);
  if (session.status === 'expired') {
    await deps.db
      .update(checkouts)
      .set({ status: 'expired' })
      .where(and(eq(checkouts.id, session.id), eq(checkouts.status, 'open')));
    // An unpaid trial checkout gives its mailbox's trial back (decision 133).
    await releaseTrialClaim(deps.db, session.id);
    return;
  }
  if (session.status !== 'complete' || session.payment_status === 'unpaid') return;
  const customerId = idOf(session.customer);
  const account = customerId ? await findAccountOfCustomer(deps, customerId) : null;
  if (customerId && !account) {
    // Paid for an account deleted meanwhile: refunded and ended (issue 38 item 3).
    await undoDeletedCustomerPayment(deps, customerId);
    return;
  }
  if (session.mode === 'subscription') {
    if (customerId) await syncCustomer(deps, customerId);
    const subscriptionId = idOf(session.subscription);
    if (subscriptionId) {
      const subscription = await client.subscriptions.retrieve(subscriptionId);
      const invoiceId = idOf(subscription.latest_invoice);
      if (invoiceId) await settleInvoice(deps, invoiceId);
      if (subscription.trial_start !== null && customerId) {
        await settleTrialClaim(deps.db, session.id);
        const [account] = await deps.db
          .update(billingAccounts)
          .set({ trialUsed: true })
          .where(eq(billingAccounts.customerId, customerId))
          .returning({ userId: billingAccounts.userId });
        // The trial counts for the mailbox too, so a sub-address or a new account cannot start another.
        const [user] = account
          ? await deps.db.select({ email: users.email }).from(users).where(eq(users.id, account.userId))
          : [];
        if (user) await recordTrialMarker(deps.db, trialMarker(await deps.key(), user.email));
      }
    }
  } else if (session.mode === 'payment' && session.metadata?.product === 'credits' && account) {
    await grantPack(deps, account, session);
  } else if (session.mode === 'payment' && session.metadata?.product === 'email_plus' && session.metadata.lead_id) {
    // A one-off Email Plus checkout opened before Email Plus became a subscription (decision 108).
    await markOrderPaid(deps, {
      leadId: session.metadata.lead_id,
      checkoutId: session.id,
      paymentIntentId: idOf(session.payment_intent) ?? null,
      amount: session.amount_total ?? null,
      currency: session.currency ?? null,
    });
  }
  await deps.db
    .update(checkouts)
    .set({ status: 'completed', completedAt: sql`now()` })
    .where(and(eq(checkouts.id, session.id), eq(checkouts.status, 'open')));
}
