/**
 * The customer's side of Email Plus subscriptions (decision 108): list them, change the target the next
 * period searches, stop the renewals (at the end of the paid period, as the portal does), and reopen a
 * delivered report. Only the owner sees or changes a subscription or order; anyone else gets 404.
 */
import {
  BILLING_MESSAGES,
  EMAIL_PLUS_MESSAGES,
  type EmailPlusSubscription,
  emailSearchProblem,
  type MyOrderReport,
  normaliseEmail,
} from '@hound/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { type EmailPlusSubscriptionRow, emailPlusOrders, emailPlusSubscriptions } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { stripeOf } from '../billing/billing-deps.ts';
import { providerCall } from '../billing/provider-call.ts';
import { toMyOrder } from './list-my-orders.ts';
import { periodEndOf } from './open-period-order.ts';

const ENDED = ['canceled', 'incomplete_expired', 'unpaid'];

function toSubscription(row: EmailPlusSubscriptionRow): EmailPlusSubscription {
  return {
    id: row.id,
    target_email: row.targetEmail,
    status: row.status,
    period_end: row.periodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMySubscriptions(deps: Pick<BillingDeps, 'db'>, userId: string) {
  const rows = await deps.db
    .select()
    .from(emailPlusSubscriptions)
    .where(eq(emailPlusSubscriptions.userId, userId))
    .orderBy(desc(emailPlusSubscriptions.createdAt))
    .limit(50);
  return { items: rows.map(toSubscription) };
}

async function ownSubscription(deps: Pick<BillingDeps, 'db'>, userId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(emailPlusSubscriptions)
    .where(and(eq(emailPlusSubscriptions.id, id), eq(emailPlusSubscriptions.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', BILLING_MESSAGES.subscriptionNotFound);
  return row;
}

/** The next paid period searches `email`; the orders already opened keep theirs. */
export async function changeTarget(deps: BillingDeps, userId: string, id: string, email: string) {
  const problem = emailSearchProblem(email);
  if (problem) throw new AppError('EMAIL_ADDRESS_INVALID', problem);
  const row = await ownSubscription(deps, userId, id);
  if (ENDED.includes(row.status) || row.cancelAtPeriodEnd) {
    throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.subscriptionEnded);
  }
  const [updated] = await deps.db
    .update(emailPlusSubscriptions)
    .set({ targetEmail: normaliseEmail(email), updatedAt: deps.now() })
    .where(eq(emailPlusSubscriptions.id, row.id))
    .returning();
  return toSubscription(updated!);
}

/** Stops the renewals: Stripe ends the subscription when the paid period ends (no refund, no new order). */
export async function cancelSubscription(deps: BillingDeps, userId: string, id: string) {
  const row = await ownSubscription(deps, userId, id);
  if (ENDED.includes(row.status)) throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.subscriptionEnded);
  const { client } = stripeOf(deps);
  const subscription = await providerCall(deps, 'cancel subscription', () =>
    client.subscriptions.update(row.id, { cancel_at_period_end: true }),
  );
  const end = periodEndOf(subscription);
  const [updated] = await deps.db
    .update(emailPlusSubscriptions)
    .set({
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      periodEnd: end ? new Date(end * 1000) : row.periodEnd,
      updatedAt: deps.now(),
    })
    .where(eq(emailPlusSubscriptions.id, row.id))
    .returning();
  return toSubscription(updated!);
}

/** A delivered report, for its customer to reopen and print. */
export async function myOrderReport(deps: Pick<BillingDeps, 'db'>, userId: string, id: string): Promise<MyOrderReport> {
  const [order] = await deps.db
    .select()
    .from(emailPlusOrders)
    .where(and(eq(emailPlusOrders.id, id), eq(emailPlusOrders.userId, userId)));
  if (!order || order.status === 'lead') throw new AppError('NOT_FOUND', EMAIL_PLUS_MESSAGES.orderNotFound);
  // A report whose payment was refunded or disputed is not kept (issue 38 item 2).
  if (order.status === 'refunded' || order.status === 'disputed') {
    throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.orderReversed);
  }
  if (order.status !== 'delivered' || !order.report) {
    throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.orderNotDelivered);
  }
  return { ...toMyOrder(order), report: order.report };
}
