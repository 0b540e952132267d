import type { Report } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailPlusOrders } from '../../db/schema/index.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import { findOrder } from './admin-orders.ts';
import { assertOpen } from './order-transition.ts';

/** Saves the report draft; the first save moves a paid order to "in progress". */
export async function saveReport(db: Database, actor: AdminActor, id: string, report: Report, now: Date) {
  return db.transaction(async (tx) => {
    const row = await findOrder(tx, id, true);
    assertOpen(row.order);
    await tx
      .update(emailPlusOrders)
      .set({ report, status: 'in_progress', updatedAt: now })
      .where(eq(emailPlusOrders.id, id));
    if (row.order.status === 'paid') {
      await recordAudit(tx, actor, {
        action: 'emailplus.order.start',
        target: { id: row.order.userId, email: row.email },
        before: { order: id, status: 'paid' },
        after: { order: id, status: 'in_progress' },
      });
    }
    return { status: 'in_progress' as const };
  });
}
