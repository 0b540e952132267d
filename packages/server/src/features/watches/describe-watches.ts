import type { Watch } from '@hound/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type WatchRow, watchEvents, watchRuns, watchSiteState } from '../../db/schema/index.ts';
import { toWatch } from './to-contract.ts';

/** Watch rows as the API answers them: with their last run, new-event count and present sites. */
export async function describeWatches(db: Database, rows: readonly WatchRow[], now: Date): Promise<Watch[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lastIds = rows.map((r) => r.lastRunId).filter((id): id is string => !!id);
  const [runs, fresh, present] = await Promise.all([
    lastIds.length > 0 ? db.select().from(watchRuns).where(inArray(watchRuns.id, lastIds)) : [],
    db
      .select({ watchId: watchEvents.watchId, n: count() })
      .from(watchEvents)
      .where(and(inArray(watchEvents.watchId, ids), eq(watchEvents.status, 'new')))
      .groupBy(watchEvents.watchId),
    db
      .select({ watchId: watchSiteState.watchId, n: count() })
      .from(watchSiteState)
      .where(and(inArray(watchSiteState.watchId, ids), eq(watchSiteState.state, 'present')))
      .groupBy(watchSiteState.watchId),
  ]);
  const run = new Map(runs.map((r) => [r.id, r]));
  const news = new Map(fresh.map((f) => [f.watchId, f.n]));
  const presents = new Map(present.map((p) => [p.watchId, p.n]));
  return rows.map((row) =>
    toWatch(row, {
      lastRun: row.lastRunId ? run.get(row.lastRunId) : undefined,
      newEvents: news.get(row.id) ?? 0,
      present: presents.get(row.id) ?? 0,
      now,
    }),
  );
}
