import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailPlusOrders } from '../../db/schema/index.ts';

/**
 * A deleted account's paid Email Plus order is kept only until it is delivered or refused (decision 095):
 * then nothing of that account needs to stay, so the background pass removes it. Returns how many.
 */
export async function purgeDeletedAccountsOrders(db: Database): Promise<number> {
  const gone = await db
    .delete(emailPlusOrders)
    .where(and(isNull(emailPlusOrders.userId), inArray(emailPlusOrders.status, ['delivered', 'refused'])))
    .returning({ id: emailPlusOrders.id });
  return gone.length;
}
