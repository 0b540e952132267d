import type { Database } from '../../db/client.ts';
import type { OpenedRun } from './open-run.ts';
import { runEmailWatch } from './run-email-watch.ts';
import type { WatchDeps } from './watch-deps.ts';

/** Email runs going on in this process (one map per database, shared by the routes and the pass). */
const running = new WeakMap<
  Database,
  Map<string, { watchId: string; controller: AbortController; done: Promise<unknown> }>
>();

export function runningEmailRuns(db: Database) {
  let map = running.get(db);
  if (!map) {
    map = new Map();
    running.set(db, map);
  }
  return map;
}

/**
 * Starts an opened run after its transaction committed: a username run's searches are queued behind people's
 * searches; an email run runs here. A queue refusal is logged and left to the pass, which queues a run's
 * searches again while they wait.
 */
export async function launchRun(deps: WatchDeps, opened: OpenedRun): Promise<void> {
  if (opened.watch.kind === 'username') {
    for (const searchId of opened.searchIds) {
      await deps.queue.enqueue({ searchId, background: true }).catch((error: unknown) => {
        deps.log.warn({ err: error, watchRunId: opened.run.id }, 'queueing a watch run failed; the pass retries');
      });
    }
    return;
  }
  const runs = runningEmailRuns(deps.db);
  const controller = new AbortController();
  const done = runEmailWatch(deps, opened.run, opened.watch, controller.signal)
    .catch((error: unknown) => deps.log.error({ err: error, watchRunId: opened.run.id }, 'email watch run failed'))
    .finally(() => runs.delete(opened.run.id));
  runs.set(opened.run.id, { watchId: opened.watch.id, controller, done });
}
