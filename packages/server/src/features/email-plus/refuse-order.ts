/**
 * Refuses an order. The order is closed first (a conditional update: a deliver fired at the same time
 * either wins and this answers 409, or loses), then, after commit, the payment is refunded through
 * Stripe with an idempotency key per order, so it moves once whatever retries. A refund Stripe refuses
 * reopens the order (the admin can try again); one Stripe does not answer leaves it refused (it may have
 * happened). The customer's mail leaves through the outbox.
 */
import { EMAIL_PLUS_MESSAGES, REPORT_LIMITS } from '@hound/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { type EmailPlusOrderRow, emailPlusOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { refusalMail } from '../../mail/templates/email-plus-mails.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { findOrder } from './admin-orders.ts';
import { endEmailPlusSubscription } from './end-subscription.ts';
import { assertOpen, closeOrder } from './order-transition.ts';

type Row = Awaited<ReturnType<typeof findOrder>>;

export const REFUND_UNKNOWN_MESSAGE =
  'Stripe did not confirm the refund; the order stays refused. Check the payment in the Stripe dashboard.';

/** Stripe answered and said no (the request or the charge): nothing moved. */
function refusedByStripe(error: unknown): boolean {
  const type = (error as { type?: unknown } | null)?.type;
  return type === 'StripeInvalidRequestError' || type === 'StripeCardError';
}

export async function refuseOrder(deps: BillingDeps, actor: AdminActor, id: string, reasonInput: string) {
  const reason = reasonInput.trim();
  if (reason.length < REPORT_LIMITS.reasonMin || reason.length > REPORT_LIMITS.reasonMax) {
    throw new AppError('INVALID_INPUT', EMAIL_PLUS_MESSAGES.reasonRequired);
  }
  const row = await findOrder(deps.db, id);
  assertOpen(row.order);
  const paymentIntent = row.order.paymentIntentId;
  if (paymentIntent && !deps.stripe) throw new AppError('PAYMENTS_DISABLED', EMAIL_PLUS_MESSAGES.refundFailed);

  const before = await deps.db.transaction(async (tx) => {
    const locked = await findOrder(tx, id, true);
    const now = deps.now();
    await closeOrder(tx, id, { status: 'refused', refusedReason: reason, refundId: null, updatedAt: now });
    await recordAudit(tx, actor, {
      action: 'emailplus.order.refuse',
      target: { id: row.order.userId, email: row.email },
      before: { order: id, status: locked.order.status },
      after: { order: id, status: 'refused', refund: paymentIntent ? 'requested' : null },
      reason,
    });
    if (!paymentIntent) await deps.mailer.enqueue(tx, mailOf(deps, row, reason, false));
    return locked.order.status;
  });
  if (!paymentIntent) {
    deps.mailer.flush();
    await stopRenewals(deps, row.order.subscriptionId);
    return { status: 'refused' as const, refund_id: null };
  }

  let refundId: string;
  try {
    const refund = await deps.stripe!.client.refunds.create(
      { payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { order_id: id } },
      { idempotencyKey: `hound-refund-${id}` },
    );
    refundId = refund.id;
  } catch (error) {
    if (!refusedByStripe(error)) {
      // No answer (timeout, connection, 5xx): the refund may have happened, so the order must not reopen
      // (a delivery could follow a refund). The key makes a later refund of this order the same refund.
      deps.log.error({ err: error, orderId: id }, 'Email Plus refund outcome unknown; the order stays refused');
      throw new AppError('PAYMENT_PROVIDER_FAILED', REFUND_UNKNOWN_MESSAGE, { cause: error });
    }
    deps.log.error({ err: error, orderId: id }, 'Email Plus refund refused by Stripe; the order is open again');
    await reopen(deps, actor, row, before);
    throw new AppError('PAYMENT_PROVIDER_FAILED', EMAIL_PLUS_MESSAGES.refundFailed, { cause: error });
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(emailPlusOrders).set({ refundId }).where(eq(emailPlusOrders.id, id));
    await deps.mailer.enqueue(tx, mailOf(deps, row, reason, true));
  });
  deps.mailer.flush();
  await stopRenewals(deps, row.order.subscriptionId);
  return { status: 'refused' as const, refund_id: refundId };
}

/**
 * A refused report is not searched again next month: the order's Email Plus subscription ends now. A
 * failure is logged for the admin; the refusal itself stands.
 */
async function stopRenewals(deps: BillingDeps, subscriptionId: string | null) {
  if (!subscriptionId) return;
  try {
    await endEmailPlusSubscription(deps, subscriptionId);
  } catch (error) {
    deps.log.error({ err: error, subscriptionId }, 'could not cancel the refused order’s Email Plus subscription');
  }
}

/** Undoes the refusal of an order whose refund failed (only while no refund is recorded on it). */
async function reopen(deps: BillingDeps, actor: AdminActor, row: Row, status: EmailPlusOrderRow['status']) {
  const id = row.order.id;
  await deps.db.transaction(async (tx) => {
    const undone = await tx
      .update(emailPlusOrders)
      .set({ status, refusedReason: null, updatedAt: deps.now() })
      .where(and(eq(emailPlusOrders.id, id), eq(emailPlusOrders.status, 'refused'), isNull(emailPlusOrders.refundId)))
      .returning({ id: emailPlusOrders.id });
    if (undone.length === 0) return;
    await recordAudit(tx, actor, {
      action: 'emailplus.order.refuse_undone',
      target: { id: row.order.userId, email: row.email },
      before: { order: id, status: 'refused' },
      after: { order: id, status },
      reason: 'refund failed',
    });
  });
}

function mailOf(deps: BillingDeps, row: Row, reason: string, refunded: boolean) {
  return refusalMail(row.order.deliveryEmail, {
    brand: deps.options.brand,
    target: row.order.targetEmail,
    reason,
    orderId: row.order.id,
    refunded,
    subscriptionEnded: row.order.subscriptionId !== null,
  });
}
