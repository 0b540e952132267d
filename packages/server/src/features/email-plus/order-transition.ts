import { EMAIL_PLUS_MESSAGES } from '@hound/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type EmailPlusOrderRow, emailPlusOrders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** An order an admin can still deliver or refuse. */
export const OPEN_STATUSES = ['paid', 'in_progress'] as const;

export function isOpen(status: EmailPlusOrderRow['status']): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/**
 * Why an order cannot be worked on or delivered, as its clear 409: its payment was refunded, is disputed
 * (held until the dispute closes) or was lost to a dispute (issue 38 item 2), or the order is closed.
 */
export function assertOpen(order: Pick<EmailPlusOrderRow, 'status' | 'disputeStatus'>): void {
  if (order.status === 'refunded') throw new AppError('EMAIL_PLUS_ORDER_REFUNDED', EMAIL_PLUS_MESSAGES.refunded);
  if (order.status === 'disputed') {
    if (order.disputeStatus === 'lost') {
      throw new AppError('EMAIL_PLUS_ORDER_REFUNDED', EMAIL_PLUS_MESSAGES.disputeLost);
    }
    throw new AppError('EMAIL_PLUS_ORDER_DISPUTED', EMAIL_PLUS_MESSAGES.disputed);
  }
  if (!isOpen(order.status)) throw new AppError('EMAIL_PLUS_ORDER_CLOSED', EMAIL_PLUS_MESSAGES.notOpen);
}

/**
 * Closes an open order: one conditional update, so of a deliver and a refuse fired together exactly one
 * changes the row and the other is told the order is closed (409 `EMAIL_PLUS_ORDER_CLOSED`).
 */
export async function closeOrder(
  tx: Pick<Database, 'update'>,
  id: string,
  set: Partial<typeof emailPlusOrders.$inferInsert>,
): Promise<void> {
  const changed = await tx
    .update(emailPlusOrders)
    .set(set)
    .where(and(eq(emailPlusOrders.id, id), inArray(emailPlusOrders.status, [...OPEN_STATUSES])))
    .returning({ id: emailPlusOrders.id });
  if (changed.length === 0) throw new AppError('EMAIL_PLUS_ORDER_CLOSED', EMAIL_PLUS_MESSAGES.notOpen);
}
