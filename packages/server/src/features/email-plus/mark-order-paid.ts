import { and, eq } from 'drizzle-orm';
import { emailPlusOrders } from '../../db/schema/index.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { addBusinessDays } from './business-days.ts';

/** Email Plus reports are due this many business days after payment (spec: 3–5; we promise the shorter). */
export const DUE_BUSINESS_DAYS = 3;

/**
 * Turns a paid lead into an order. Conditional on the lead still being a lead, so a repeated event (or
 * the same lead paid twice in two tabs) changes it once; a second payment for one lead is logged for a refund.
 */
export async function markOrderPaid(
  deps: Pick<BillingDeps, 'db' | 'log' | 'now'>,
  payment: {
    leadId: string;
    checkoutId: string;
    paymentIntentId: string | null;
    amount: number | null;
    currency: string | null;
  },
): Promise<void> {
  const paidAt = deps.now();
  const updated = await deps.db
    .update(emailPlusOrders)
    .set({
      status: 'paid',
      checkoutId: payment.checkoutId,
      paymentIntentId: payment.paymentIntentId,
      amount: payment.amount,
      currency: payment.currency,
      paidAt,
      dueAt: addBusinessDays(paidAt, DUE_BUSINESS_DAYS),
      updatedAt: paidAt,
    })
    .where(and(eq(emailPlusOrders.id, payment.leadId), eq(emailPlusOrders.status, 'lead')))
    .returning({ id: emailPlusOrders.id });
  if (updated.length > 0) {
    deps.log.info({ orderId: payment.leadId }, 'Email Plus order paid');
    return;
  }
  const [order] = await deps.db.select().from(emailPlusOrders).where(eq(emailPlusOrders.id, payment.leadId));
  if (order && order.checkoutId !== payment.checkoutId) {
    deps.log.warn(
      { orderId: payment.leadId, checkoutId: payment.checkoutId },
      'Email Plus lead paid twice: refund the second payment',
    );
  }
}
