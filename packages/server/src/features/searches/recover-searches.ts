import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ACTIVE_STATUSES, searches } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';

/**
 * In-process mode only: a restart loses the queue, not the searches. Every search still queued or running
 * is queued again and resumes from its stored results.
 */
export async function recoverSearches(db: Database, queue: JobQueue): Promise<number> {
  const rows = await db
    .select({ id: searches.id, watchId: searches.watchId })
    .from(searches)
    .where(inArray(searches.status, [...ACTIVE_STATUSES]));
  for (const row of rows) await queue.enqueue({ searchId: row.id, ...(row.watchId ? { background: true } : {}) });
  return rows.length;
}
