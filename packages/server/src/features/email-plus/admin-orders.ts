/** The admin's view of Email Plus orders: the queue (open first, oldest due first) and one order in full. */
import {
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrdersQuerySchema,
  EMAIL_PLUS_MESSAGES,
  type Report,
  ReportSchema,
} from '@hound/contracts';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import {
  type EmailPlusOrderRow,
  emailPlusDuplicates,
  emailPlusOrders,
  emailSearches,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { emailSearchSnapshot } from '../email-search/get-email-search.ts';

type Row = { order: EmailPlusOrderRow; email: string; firstName: string; lastName: string; duplicates: number };

export function toAdminOrder(row: Row, now: Date): AdminOrder {
  const { order } = row;
  const open = order.status === 'paid' || order.status === 'in_progress';
  return {
    id: order.id,
    customer_email: row.email,
    customer_name: order.userId === null ? 'Deleted account' : `${row.firstName} ${row.lastName}`,
    target_email: order.targetEmail,
    purpose: order.purpose,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    paid_at: order.paidAt?.toISOString() ?? null,
    due_at: order.dueAt?.toISOString() ?? null,
    overdue: open && order.dueAt !== null && order.dueAt.getTime() < now.getTime(),
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    refused_reason: order.refusedReason,
    dispute_status: order.disputeStatus,
    duplicate_payments: row.duplicates,
  };
}

// A paid order outlives its deleted account (decision 095): it is shown with its delivery address.
const joined = {
  order: emailPlusOrders,
  email: sql<string>`coalesce(${users.email}, ${emailPlusOrders.deliveryEmail})`,
  firstName: sql<string>`coalesce(${users.firstName}, '')`,
  lastName: sql<string>`coalesce(${users.lastName}, '')`,
  duplicates: sql<number>`(select count(*) from ${emailPlusDuplicates} where ${emailPlusDuplicates.orderId} = ${emailPlusOrders.id})::int`,
};

/** The queue: what needs the admin — orders to work on and those a dispute holds (issue 38 item 2). */
const QUEUE = ['paid', 'in_progress', 'disputed'] as const;

export async function listOrders(
  db: Database,
  query: z.infer<typeof AdminOrdersQuerySchema>,
  now: Date,
): Promise<{ items: AdminOrder[]; total: number }> {
  // Unpaid leads are not orders.
  const where: SQL | undefined =
    query.status === 'all'
      ? ne(emailPlusOrders.status, 'lead')
      : query.status === 'open'
        ? inArray(emailPlusOrders.status, [...QUEUE])
        : eq(emailPlusOrders.status, query.status);
  const open = query.status === 'open' || (QUEUE as readonly string[]).includes(query.status);
  const rows = await db
    .select(joined)
    .from(emailPlusOrders)
    .leftJoin(users, eq(users.id, emailPlusOrders.userId))
    .where(where)
    .orderBy(open ? asc(emailPlusOrders.dueAt) : desc(emailPlusOrders.paidAt))
    .limit(query.limit)
    .offset(query.skip);
  const [total] = await db.select({ n: count() }).from(emailPlusOrders).where(where);
  return { items: rows.map((r) => toAdminOrder(r, now)), total: total?.n ?? 0 };
}

export async function findOrder(db: Pick<Database, 'select'>, id: string, lock = false): Promise<Row> {
  const query = db
    .select(joined)
    .from(emailPlusOrders)
    .leftJoin(users, eq(users.id, emailPlusOrders.userId))
    .where(and(eq(emailPlusOrders.id, id), ne(emailPlusOrders.status, 'lead')));
  const [row] = lock ? await query.for('update', { of: emailPlusOrders }) : await query;
  if (!row) throw new AppError('NOT_FOUND', EMAIL_PLUS_MESSAGES.orderNotFound);
  return row;
}

export function emptyReport(): Report {
  return ReportSchema.parse({});
}

export async function getOrderDetail(db: Database, id: string, now: Date): Promise<AdminOrderDetail> {
  const row = await findOrder(db, id);
  let search: AdminOrderDetail['search'] = null;
  if (row.order.searchId) {
    const [searchRow] = await db.select().from(emailSearches).where(eq(emailSearches.id, row.order.searchId));
    if (searchRow) {
      const snapshot = await emailSearchSnapshot(db, searchRow);
      search = { id: searchRow.id, status: searchRow.status, accounts: snapshot.accounts, data: snapshot.data };
    }
  }
  return { ...toAdminOrder(row, now), report: row.order.report, search };
}
