/**
 * A refunded or disputed Email Plus payment changes its order (issue 38 item 2), whoever refunded it (an
 * operator in Stripe's dashboard) and whatever the bank decided:
 * - a full refund: the order becomes `refunded` — nothing is delivered, a delivered report is no longer
 *   shown to its customer — and the subscription ends (no next month);
 * - a dispute opened: the order becomes `disputed` and delivery is held (409) until it closes;
 * - a dispute won: the order goes back to where it was;
 * - a dispute lost: the money is gone, so the order stays refused to delivery (`disputed`, lost) and the
 *   subscription ends.
 * Found by the payment intent the order recorded. Each change is one conditional update, so a redelivered
 * event changes nothing twice; ending the subscription is keyed per subscription and, when Stripe fails,
 * throws so the webhook is delivered again. An order the admin already refused keeps its own refund.
 */
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { emailPlusOrders } from '../../db/schema/index.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { endEmailPlusSubscription } from './end-subscription.ts';

export type OrderReversal = { kind: 'refund' } | { kind: 'dispute'; status: string };

/** The statuses a paid order can be in when its payment is taken back. */
const REVERSIBLE = ['paid', 'in_progress', 'delivered', 'disputed'] as const;
const DISPUTE_CLOSED = new Set(['won', 'lost', 'warning_closed']);

export async function reverseOrderPayment(
  deps: BillingDeps,
  paymentIntentId: string,
  reversal: OrderReversal,
): Promise<void> {
  const now = deps.now();
  const ofPayment = eq(emailPlusOrders.paymentIntentId, paymentIntentId);
  const reversible = and(ofPayment, inArray(emailPlusOrders.status, [...REVERSIBLE]));
  const changed = { id: emailPlusOrders.id, subscriptionId: emailPlusOrders.subscriptionId };
  // One statement per change (no read first), so a delivery committed at the same moment is still caught.
  if (reversal.kind === 'refund') {
    const ended = await deps.db
      .update(emailPlusOrders)
      .set({ status: 'refunded', updatedAt: now })
      .where(reversible)
      .returning(changed);
    for (const order of ended)
      deps.log.info({ orderId: order.id }, 'Email Plus payment refunded at Stripe: order closed');
  } else if (reversal.status === 'lost') {
    const ended = await deps.db
      .update(emailPlusOrders)
      .set({
        status: 'disputed',
        disputeStatus: 'lost',
        statusBeforeDispute: sql`coalesce(${emailPlusOrders.statusBeforeDispute}, ${emailPlusOrders.status})`,
        updatedAt: now,
      })
      .where(reversible)
      .returning(changed);
    for (const order of ended) deps.log.info({ orderId: order.id }, 'Email Plus dispute lost: order closed');
  } else if (!DISPUTE_CLOSED.has(reversal.status)) {
    const held = await deps.db
      .update(emailPlusOrders)
      .set({
        status: 'disputed',
        disputeStatus: reversal.status,
        statusBeforeDispute: sql`case when ${emailPlusOrders.status} = 'disputed' then ${emailPlusOrders.statusBeforeDispute} else ${emailPlusOrders.status} end`,
        updatedAt: now,
      })
      .where(and(reversible, sql`coalesce(${emailPlusOrders.disputeStatus}, '') <> 'lost'`))
      .returning(changed);
    for (const order of held) deps.log.info({ orderId: order.id }, 'Email Plus payment disputed: delivery held');
  } else {
    // Won (or closed with a warning only): the order is workable again, as it was.
    await deps.db
      .update(emailPlusOrders)
      .set({
        status: sql`coalesce(${emailPlusOrders.statusBeforeDispute}, 'paid')`,
        disputeStatus: reversal.status,
        updatedAt: now,
      })
      .where(and(ofPayment, eq(emailPlusOrders.status, 'disputed'), ne(emailPlusOrders.disputeStatus, 'lost')));
  }
  if (reversal.kind === 'refund' || reversal.status === 'lost') {
    // Every order of this payment that is now closed by it, also those a redelivery finds already changed
    // (the first delivery may have failed at Stripe): the cancellation is keyed, so repeating it is harmless.
    const closed = await deps.db
      .select(changed)
      .from(emailPlusOrders)
      .where(and(ofPayment, or(eq(emailPlusOrders.status, 'refunded'), eq(emailPlusOrders.disputeStatus, 'lost'))));
    for (const order of closed) if (order.subscriptionId) await endEmailPlusSubscription(deps, order.subscriptionId);
  }
}
