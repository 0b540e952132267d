import type { MyOrder } from '@hound/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type EmailPlusOrderRow, emailPlusOrders } from '../../db/schema/index.ts';

export function toMyOrder(row: EmailPlusOrderRow): MyOrder {
  return {
    id: row.id,
    target_email: row.targetEmail,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    due_at: row.dueAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    refused_reason: row.refusedReason,
    subscription_id: row.subscriptionId,
  };
}

/** The caller's paid Email Plus orders, newest first (unpaid leads are not orders yet). */
export async function listMyOrders(db: Database, userId: string): Promise<{ items: MyOrder[] }> {
  const rows = await db
    .select()
    .from(emailPlusOrders)
    .where(and(eq(emailPlusOrders.userId, userId), ne(emailPlusOrders.status, 'lead')))
    .orderBy(desc(emailPlusOrders.createdAt))
    .limit(100);
  return { items: rows.map(toMyOrder) };
}
