/**
 * A paid invoice of an Email Plus subscription opens that period's order (decision 108):
 * - the first invoice (`subscription_create`) turns the lead the checkout was for into the paid order and
 *   records the subscription with the lead's target, purpose and delivery address;
 * - each renewal (`subscription_cycle`) opens a new order — a fresh search and report — on the
 *   subscription's current target (the customer may have changed it since).
 * Keyed by the invoice (a unique `invoice_id`), so however often and in whatever order the invoice's events
 * come, one order is opened, and only then are the customer ("order received") and the admins mailed, in the
 * same transaction (sent after commit).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import {
  type BillingAccountRow,
  type EmailPlusOrderRow,
  emailPlusDuplicates,
  emailPlusOrders,
  emailPlusSubscriptions,
} from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { newOrderAdminMail, orderReceivedMail } from '../../mail/templates/billing-mails.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { stripeOf } from '../billing/billing-deps.ts';
import { recipientOf } from '../billing/billing-notices.ts';
import { addBusinessDays } from './business-days.ts';
import { DUE_BUSINESS_DAYS } from './mark-order-paid.ts';
import { refundDuplicate } from './refund-duplicate.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const OPENS_ORDER = new Set(['subscription_create', 'subscription_cycle']);

export function periodEndOf(subscription: Stripe.Subscription): number | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end) => end > 0);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/** The subscription's row, created from its lead the first time any of its events is applied. */
async function subscriptionRow(tx: Tx, account: BillingAccountRow, subscription: Stripe.Subscription) {
  const [existing] = await tx
    .select()
    .from(emailPlusSubscriptions)
    .where(eq(emailPlusSubscriptions.id, subscription.id))
    .for('update');
  if (existing) return existing;
  const leadId = subscription.metadata?.lead_id;
  const [lead] = leadId ? await tx.select().from(emailPlusOrders).where(eq(emailPlusOrders.id, leadId)) : [];
  if (!lead || lead.userId !== account.userId) return null;
  const end = periodEndOf(subscription);
  await tx
    .insert(emailPlusSubscriptions)
    .values({
      id: subscription.id,
      userId: account.userId,
      customerId: account.customerId,
      targetEmail: lead.targetEmail,
      deliveryEmail: lead.deliveryEmail,
      purpose: lead.purpose,
      status: subscription.status,
      periodEnd: end ? new Date(end * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(emailPlusSubscriptions).where(eq(emailPlusSubscriptions.id, subscription.id));
  return row ?? null;
}

/**
 * Opens the invoice's order; the new order, or null when it was already opened (or cannot be), or
 * `duplicate` when this is a second subscription paid for a lead another one already paid (issue 38 5e).
 */
async function openOrder(
  tx: Tx,
  deps: BillingDeps,
  account: BillingAccountRow,
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription,
  paymentIntentId: string | null,
): Promise<EmailPlusOrderRow | 'duplicate' | null> {
  const leadId = subscription.metadata?.lead_id;
  const first = invoice.billing_reason === 'subscription_create' && leadId;
  if (first) {
    const [lead] = await tx.select().from(emailPlusOrders).where(eq(emailPlusOrders.id, leadId)).for('update');
    if (lead && lead.status !== 'lead' && lead.subscriptionId !== subscription.id && lead.invoiceId !== invoice.id) {
      // Recorded here, refunded and cancelled after commit (and by the background pass until done).
      await tx
        .insert(emailPlusDuplicates)
        .values({ subscriptionId: subscription.id, orderId: lead.id, invoiceId: invoice.id!, paymentIntentId })
        .onConflictDoNothing();
      return 'duplicate';
    }
  }
  const sub = await subscriptionRow(tx, account, subscription);
  if (!sub) {
    deps.log.warn({ subscription: subscription.id }, 'Email Plus invoice paid without a known lead');
    return null;
  }
  const paidAt = deps.now();
  const paid = {
    status: 'paid' as const,
    subscriptionId: sub.id,
    invoiceId: invoice.id!,
    paymentIntentId,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    paidAt,
    dueAt: addBusinessDays(paidAt, DUE_BUSINESS_DAYS),
    updatedAt: paidAt,
  };
  if (first) {
    const [order] = await tx
      .update(emailPlusOrders)
      .set(paid)
      .where(and(eq(emailPlusOrders.id, leadId), eq(emailPlusOrders.status, 'lead'), isNull(emailPlusOrders.invoiceId)))
      .returning();
    return order ?? null;
  }
  const [order] = await tx
    .insert(emailPlusOrders)
    .values({
      id: newId(),
      userId: sub.userId,
      targetEmail: sub.targetEmail,
      deliveryEmail: sub.deliveryEmail,
      purpose: sub.purpose,
      ...paid,
    })
    .onConflictDoNothing()
    .returning();
  return order ?? null;
}

/** Opens the paid period's order; `duplicate` when the invoice was a second payment for one lead (refunded). */
export async function openPeriodOrder(
  deps: BillingDeps,
  account: BillingAccountRow,
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription,
): Promise<'duplicate' | undefined> {
  if (!invoice.id || invoice.status !== 'paid' || !OPENS_ORDER.has(invoice.billing_reason ?? '')) return;
  const to = await recipientOf(deps, account);
  // The payment that a refusal refunds (API 2026 links invoices and payments through invoice_payments).
  const payments = await stripeOf(deps).client.invoicePayments.list({ invoice: invoice.id, limit: 10 });
  const intent = payments.data.find((p) => p.status === 'paid')?.payment.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
  const renewsAt =
    subscription.cancel_at_period_end || subscription.status === 'canceled' ? null : periodEndOf(subscription);
  const opened = await deps.db.transaction(async (tx) => {
    const order = await openOrder(tx, deps, account, invoice, subscription, paymentIntentId);
    if (!order || order === 'duplicate') return order;
    if (to) {
      await deps.mailer.enqueue(
        tx,
        orderReceivedMail(order.deliveryEmail, to.context, {
          orderId: order.id,
          target: order.targetEmail,
          dueAt: order.dueAt!,
          renewsAt,
        }),
      );
    }
    for (const admin of deps.options.adminEmails) {
      await deps.mailer.enqueue(
        tx,
        newOrderAdminMail(admin, {
          brand: deps.options.brand,
          publicUrl: deps.options.publicUrl,
          orderId: order.id,
          target: order.targetEmail,
          dueAt: order.dueAt!,
          renewal: invoice.billing_reason === 'subscription_cycle',
        }),
      );
    }
    return order;
  });
  if (opened === 'duplicate') {
    await refundDuplicate(deps, subscription.id);
    return 'duplicate';
  }
  if (!opened) return;
  deps.mailer.flush();
  deps.log.info({ orderId: opened.id, invoice: invoice.id }, 'Email Plus order paid');
}
