/**
 * Open runs whose work ended are settled here (any process; the run's own transaction decides who does it).
 * A username run waits for its searches; one whose searches still wait in the queue is queued again (enqueue
 * is idempotent), which covers a queue that refused it or a restart that lost it. An email run whose process
 * went away (its lease ran out) is settled as incomplete: stored, moving nothing.
 */
import { eq, inArray, isNull } from 'drizzle-orm';
import { searches, watches, watchRuns } from '../../db/schema/index.ts';
import { isTerminal } from '../searches/get-search-status.ts';
import { runningEmailRuns } from './launch-run.ts';
import { observationsOf } from './observations.ts';
import { settleRun } from './settle-run.ts';
import type { WatchDeps } from './watch-deps.ts';

/** A run's search still queued after this is queued again. */
const REQUEUE_AFTER_MS = 60_000;

/** Answers how many runs are still open. */
export async function settleOpenRuns(deps: WatchDeps): Promise<number> {
  const now = deps.now();
  const open = await deps.db
    .select({ run: watchRuns, watch: watches })
    .from(watchRuns)
    .innerJoin(watches, eq(watches.id, watchRuns.watchId))
    .where(isNull(watchRuns.finishedAt));
  const ids = open.flatMap(({ run }) => [run.searchId, run.controlSearchId]).filter((id): id is string => !!id);
  const statuses = new Map(
    ids.length === 0
      ? []
      : (
          await deps.db
            .select({ id: searches.id, status: searches.status })
            .from(searches)
            .where(inArray(searches.id, ids))
        ).map((s) => [s.id, s.status]),
  );
  const emailRuns = runningEmailRuns(deps.db);
  let stillOpen = 0;
  for (const { run, watch } of open) {
    try {
      if (watch.kind === 'email') {
        if (emailRuns.has(run.id) || (run.leaseUntil && run.leaseUntil > now)) stillOpen++;
        else await settleRun(deps, run, watch, { finished: false, target: [] });
        continue;
      }
      const mine = [run.searchId, run.controlSearchId].filter((id): id is string => !!id);
      const states = mine.map((id) => statuses.get(id));
      if (mine.length === 0 || states.some((s) => s === undefined)) {
        // Its searches are gone (the watch's searches were purged): nothing to apply.
        await settleRun(deps, run, watch, { finished: false, target: [] });
        continue;
      }
      if (!states.every((s) => s && isTerminal(s))) {
        stillOpen++;
        if (states.includes('queued') && now.getTime() - run.createdAt.getTime() > REQUEUE_AFTER_MS) {
          for (const searchId of mine) await deps.queue.enqueue({ searchId, background: true }).catch(() => {});
        }
        continue;
      }
      const finished = states.every((s) => s === 'completed');
      await settleRun(deps, run, watch, {
        finished,
        target: await observationsOf(deps.db, run.searchId!),
        ...(run.controlSearchId ? { control: await observationsOf(deps.db, run.controlSearchId) } : {}),
      });
    } catch (error) {
      deps.log.error({ err: error, watchRunId: run.id }, 'settling a watch run failed');
      stillOpen++;
    }
  }
  return stillOpen;
}
