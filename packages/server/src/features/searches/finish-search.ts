import type { SearchStatus } from '@hound/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ACTIVE_STATUSES, searches } from '../../db/schema/index.ts';
import type { SearchBus } from '../../events/search-bus.ts';
import type { SearchLimiter } from '../../limits/search-limiter.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import { emitSearchCompleted } from '../webhooks/completion-events.ts';
import { wakeWebhookSenders } from '../webhooks/webhook-sender.ts';

export interface FinishDeps {
  db: Database;
  bus: SearchBus;
  limiter: SearchLimiter;
  /** Counts the search's end here, the one place every final status goes through. */
  metrics?: Metrics;
}

/**
 * Moves an active search to a final status, frees its limit slot and tells its streams; a signed-in
 * user's search emits `search.completed` to their webhooks in the same transaction. Does nothing
 * (returns false) if the search already ended, so a late worker cannot overwrite a cancel.
 */
export async function finishSearch(
  deps: FinishDeps,
  searchId: string,
  status: Exclude<SearchStatus, 'queued' | 'running'>,
  error?: string,
): Promise<boolean> {
  const now = new Date();
  const { row, events } = await deps.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(searches)
      .set({
        status,
        error: error ?? null,
        finishedAt: now,
        updatedAt: now,
        // A completed search covered what it covered: catalogue changes between attempts can shrink it.
        ...(status === 'completed' ? { total: sql`${searches.done}` } : {}),
      })
      .where(and(eq(searches.id, searchId), inArray(searches.status, [...ACTIVE_STATUSES])))
      .returning();
    return { row: ended, events: ended ? await emitSearchCompleted(tx, ended) : 0 };
  });
  if (events > 0) wakeWebhookSenders();
  await deps.limiter.release(searchId);
  if (!row) return false;
  deps.metrics?.searchesEnded.inc({ status });
  deps.metrics?.searchDuration.observe({ status }, (now.getTime() - row.createdAt.getTime()) / 1000);
  await deps.bus.publish(searchId, {
    type: 'done',
    status,
    totalFound: row.found,
    progress: { done: row.done, total: row.total },
    ...(error ? { error } : {}),
  });
  return true;
}
