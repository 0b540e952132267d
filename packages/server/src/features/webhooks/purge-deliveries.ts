import { and, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';

/**
 * The delivery log keeps what was sent (usernames, addresses of the owner's searches) no longer than the
 * searches themselves: finished deliveries older than `RETENTION_DAYS` go with the hourly retention job.
 */
export async function purgeOldDeliveries(db: Database, now: Date, retentionDays: number): Promise<number> {
  const gone = await db
    .delete(webhookDeliveries)
    .where(
      and(
        lt(webhookDeliveries.createdAt, new Date(now.getTime() - retentionDays * 86_400_000)),
        ne(webhookDeliveries.status, 'pending'),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
