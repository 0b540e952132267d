/**
 * Delivers the report: marks the order delivered and puts the report mail in the outbox, in one
 * transaction with the order locked; the mail leaves after commit (decision 099), retried until the relay
 * takes it. A second click, or a refusal that got there first, finds the order closed (409).
 */
import { EMAIL_PLUS_MESSAGES, type Report } from '@hound/contracts';
import { AppError } from '../../errors.ts';
import { reportMail } from '../../mail/templates/email-plus-mails.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { findOrder } from './admin-orders.ts';
import { assertOpen, closeOrder } from './order-transition.ts';

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
  const deliveredAt = deps.now();
  await deps.db.transaction(async (tx) => {
    const row = await findOrder(tx, id, true);
    assertOpen(row.order);
    if (reportIsEmpty(row.order.report)) throw new AppError('INVALID_INPUT', EMAIL_PLUS_MESSAGES.reportEmpty);
    await closeOrder(tx, id, { status: 'delivered', deliveredAt, updatedAt: deliveredAt });
    await recordAudit(tx, actor, {
      action: 'emailplus.order.deliver',
      target: { id: row.order.userId, email: row.email },
      before: { order: id, status: row.order.status },
      after: { order: id, status: 'delivered' },
    });
    await deps.mailer.enqueue(
      tx,
      reportMail(row.order.deliveryEmail, {
        brand: deps.options.brand,
        target: row.order.targetEmail,
        report: row.order.report!,
        orderId: row.order.id,
        reopenUrl: `${deps.options.publicUrl}/dashboard/orders/${encodeURIComponent(row.order.id)}`,
      }),
    );
  });
  deps.mailer.flush();
  return { status: 'delivered' as const, delivered_at: deliveredAt.toISOString() };
}
