/**
 * Refuses an order: refunds the payment through Stripe (idempotency key per order, so a retry after a
 * failure cannot refund twice), marks it refused with the reason, and tells the customer by mail.
 */
import { EMAIL_PLUS_MESSAGES, REPORT_LIMITS } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import { emailPlusOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { refusalMail } from '../../mail/templates/email-plus-mails.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { findOrder } from './admin-orders.ts';

export async function refuseOrder(deps: BillingDeps, actor: AdminActor, id: string, reasonInput: string) {
  const reason = reasonInput.trim();
  if (reason.length < REPORT_LIMITS.reasonMin || reason.length > REPORT_LIMITS.reasonMax) {
    throw new AppError('INVALID_INPUT', EMAIL_PLUS_MESSAGES.reasonRequired);
  }
  const row = await findOrder(deps.db, id);
  if (row.order.status !== 'paid' && row.order.status !== 'in_progress') {
    throw new AppError('BILLING_CONFLICT', EMAIL_PLUS_MESSAGES.notOpen);
  }
  let refundId: string | null = null;
  if (row.order.paymentIntentId) {
    if (!deps.stripe) throw new AppError('PAYMENTS_DISABLED', EMAIL_PLUS_MESSAGES.refundFailed);
    try {
      const refund = await deps.stripe.client.refunds.create(
        { payment_intent: row.order.paymentIntentId, reason: 'requested_by_customer', metadata: { order_id: id } },
        { idempotencyKey: `hound-refund-${id}` },
      );
      refundId = refund.id;
    } catch (error) {
      deps.log.error({ err: error, orderId: id }, 'Email Plus refund failed');
      throw new AppError('PAYMENT_PROVIDER_FAILED', EMAIL_PLUS_MESSAGES.refundFailed, { cause: error });
    }
  }
  const changed = await deps.db.transaction(async (tx) => {
    const locked = await findOrder(tx, id, true);
    if (locked.order.status !== 'paid' && locked.order.status !== 'in_progress') return false;
    const now = deps.now();
    await tx
      .update(emailPlusOrders)
      .set({ status: 'refused', refusedReason: reason, refundId, updatedAt: now })
      .where(eq(emailPlusOrders.id, id));
    await recordAudit(tx, actor, {
      action: 'emailplus.order.refuse',
      target: { id: row.order.userId, email: row.email },
      before: { order: id, status: locked.order.status },
      after: { order: id, status: 'refused', refund: refundId },
      reason,
    });
    return true;
  });
  if (changed) {
    await deps.mailer
      .send(
        refusalMail(row.order.deliveryEmail, {
          brand: deps.options.brand,
          target: row.order.targetEmail,
          reason,
          orderId: id,
          refunded: refundId !== null,
        }),
      )
      .catch((error: unknown) => deps.log.error({ err: error, orderId: id }, 'refusal mail failed'));
  }
  return { status: 'refused' as const, refund_id: refundId };
}
