import type { JobQueue } from '../../jobs/job-queue.ts';
import { type FinishDeps, finishSearch } from './finish-search.ts';
import { activeSearchesIdleSince, INTERRUPTED_MESSAGE } from './purge-expired-searches.ts';

/** A pass looks at this many searches at most (oldest first); the next pass takes the rest. */
const PASS_SIZE = 500;

/**
 * Ends searches that are still active in the database while no job will run them: the job failed for good
 * and its final write was lost (the database was away), or it completed without it. Such a search would
 * otherwise keep its streams open and its limit slot for an hour, until the retention job.
 *
 * The queue is the judge (`isPending`): BullMQ's state is shared by every process, the in-process queue's
 * is this process's, which is the only one running searches in that set-up. A search younger than
 * `minAgeMs` since its last write is left alone: it may be between its insert and its enqueue. A search
 * whose job state cannot be read (Redis away) is left for the next pass.
 */
export async function endLostSearches(
  deps: FinishDeps & { queue: JobQueue },
  options: { minAgeMs: number; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const candidates = await activeSearchesIdleSince(deps.db, new Date(now.getTime() - options.minAgeMs), PASS_SIZE);
  let ended = 0;
  for (const { id } of candidates) {
    const pending = await deps.queue.isPending(id).catch(() => true);
    if (!pending && (await finishSearch(deps, id, 'error', INTERRUPTED_MESSAGE))) ended++;
  }
  return ended;
}
