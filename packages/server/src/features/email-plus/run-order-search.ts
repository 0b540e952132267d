import { eq } from 'drizzle-orm';
import { emailPlusOrders } from '../../db/schema/index.ts';
import type { AdminActor } from '../admin/record-audit.ts';
import { startEmailSearch } from '../email-search/start-email-search.ts';
import { findOrder } from './admin-orders.ts';
import type { EmailPlusDeps } from './email-plus-deps.ts';

/**
 * Runs the automated email search on the order's target (paid by the order, not by credits). It belongs
 * to the admin who ran it, so it also shows in their My Searches; the order keeps its id for the prefill.
 */
export async function runOrderSearch(
  deps: EmailPlusDeps,
  actor: AdminActor,
  id: string,
): Promise<{ search_id: string }> {
  const { db } = deps.billing;
  const row = await findOrder(db, id);
  const started = await startEmailSearch(deps.emailSearch, actor.user.id, row.order.targetEmail, { charge: false });
  await db
    .update(emailPlusOrders)
    .set({ searchId: started.id, updatedAt: deps.billing.now() })
    .where(eq(emailPlusOrders.id, id));
  return { search_id: started.id };
}
