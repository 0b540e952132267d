/**
 * Delivers the report: mails it to the order's delivery address and marks the order delivered, in one
 * transaction with the order locked — a failed mail leaves the order open, a second click finds it closed.
 */
import { EMAIL_PLUS_MESSAGES, type Report } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import { emailPlusOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { reportMail } from '../../mail/templates/email-plus-mails.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { findOrder } from './admin-orders.ts';

export function reportIsEmpty(report: Report | null): boolean {
  return !report || (report.full_name.trim() === '' && report.notes.trim() === '');
}

export async function previewReport(deps: BillingDeps, id: string) {
  const row = await findOrder(deps.db, id);
  if (!row.order.report) throw new AppError('INVALID_INPUT', EMAIL_PLUS_MESSAGES.reportEmpty);
  const mail = reportMail(row.order.deliveryEmail, {
    brand: deps.options.brand,
    target: row.order.targetEmail,
    report: row.order.report,
    orderId: row.order.id,
  });
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

export async function deliverOrder(deps: BillingDeps, actor: AdminActor, id: string) {
  return deps.db.transaction(async (tx) => {
    const row = await findOrder(tx, id, true);
    if (row.order.status !== 'paid' && row.order.status !== 'in_progress') {
      throw new AppError('BILLING_CONFLICT', EMAIL_PLUS_MESSAGES.notOpen);
    }
    if (reportIsEmpty(row.order.report)) throw new AppError('INVALID_INPUT', EMAIL_PLUS_MESSAGES.reportEmpty);
    const deliveredAt = deps.now();
    await tx
      .update(emailPlusOrders)
      .set({ status: 'delivered', deliveredAt, updatedAt: deliveredAt })
      .where(eq(emailPlusOrders.id, id));
    await recordAudit(tx, actor, {
      action: 'emailplus.order.deliver',
      target: { id: row.order.userId, email: row.email },
      before: { order: id, status: row.order.status },
      after: { order: id, status: 'delivered' },
    });
    await deps.mailer.send(
      reportMail(row.order.deliveryEmail, {
        brand: deps.options.brand,
        target: row.order.targetEmail,
        report: row.order.report!,
        orderId: row.order.id,
      }),
    );
    return { status: 'delivered' as const, delivered_at: deliveredAt.toISOString() };
  });
}
