import { EMAIL_SEARCH_MESSAGES, WATCH_MESSAGES, type Watch } from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import { watches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { CATALOGUES_LOADING_MESSAGE } from '../searches/search-messages.ts';
import { describeWatches } from './describe-watches.ts';
import { launchRun } from './launch-run.ts';
import { openRun } from './open-run.ts';
import { WATCH_NOT_FOUND } from './own-watch.ts';
import { MANUAL_RUN_EVERY_MS } from './to-contract.ts';
import type { WatchDeps } from './watch-deps.ts';

/**
 * "Run now": at most once an hour per watch, never while a run is open, never for a paused or suspended
 * watch. The run is an ordinary run (it moves the baseline like a scheduled one) and leaves the schedule as
 * it is. The watch row is locked, so two clicks open one run.
 */
export async function runWatchNow(deps: WatchDeps, userId: string, watchId: string): Promise<Watch> {
  const now = deps.now();
  const opened = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(watches)
      .where(and(eq(watches.id, watchId), eq(watches.userId, userId)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', WATCH_NOT_FOUND);
    if (row.status === 'suspended') throw new AppError('WATCH_PLAN_LIMIT', WATCH_MESSAGES.suspended);
    if (row.openRunId) throw new AppError('WATCH_RUN_OPEN', WATCH_MESSAGES.runOpen);
    const again = row.lastManualRunAt ? row.lastManualRunAt.getTime() + MANUAL_RUN_EVERY_MS : 0;
    if (again > now.getTime()) {
      throw new AppError('WATCH_RUN_TOO_SOON', WATCH_MESSAGES.runTooSoon, {
        headers: { 'retry-after': String(Math.ceil((again - now.getTime()) / 1000)) },
      });
    }
    const engine = row.kind === 'username' ? deps.engines.current() : deps.engines.forEmail().current();
    if (!engine) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        row.kind === 'username' ? CATALOGUES_LOADING_MESSAGE : EMAIL_SEARCH_MESSAGES.notReady,
      );
    }
    return openRun(tx, deps, engine, row, 'manual');
  });
  if (opened) await launchRun(deps, opened);
  const [row] = await deps.db.select().from(watches).where(eq(watches.id, watchId));
  return (await describeWatches(deps.db, [row!], now))[0]!;
}
