/**
 * The scheduler's claim (decision 139): due watches in a small batch, each row locked and skipped by any
 * other process claiming at the same moment (`FOR UPDATE SKIP LOCKED` on PostgreSQL; PGlite has one
 * connection), its run opened and its next run moved to the next slot of its schedule in the same
 * transaction — so a watch is claimed once per period however many processes run the pass. Confirmations
 * that fell due go first: they are what makes an alert quick.
 */
import { and, asc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import { type WatchRow, watches } from '../../db/schema/index.ts';
import { launchRun } from './launch-run.ts';
import { type OpenedRun, openRun } from './open-run.ts';
import { nextRunAfter } from './schedule.ts';
import type { WatchDeps } from './watch-deps.ts';

/** Answers the runs it opened (already launched). */
export async function claimDue(deps: WatchDeps, capacity: number): Promise<OpenedRun[]> {
  if (capacity <= 0) return [];
  const engine = deps.engines.current();
  const emailEngine = deps.engines.forEmail().current();
  if (!engine && !emailEngine) return [];
  const now = deps.now();
  const ready = (w: WatchRow) => (w.kind === 'username' ? !!engine : !!emailEngine);
  const opened = await deps.db.transaction(async (tx) => {
    const free = and(eq(watches.status, 'active'), isNull(watches.openRunId));
    const confirmations = await tx
      .select()
      .from(watches)
      .where(and(free, lte(watches.confirmDueAt, now)))
      .orderBy(asc(watches.confirmDueAt))
      .limit(capacity)
      .for('update', { skipLocked: true });
    const taken = confirmations.map((w) => w.id);
    const due =
      capacity - confirmations.length <= 0
        ? []
        : await tx
            .select()
            .from(watches)
            .where(and(free, lte(watches.nextRunAt, now), taken.length > 0 ? notInArray(watches.id, taken) : undefined))
            .orderBy(asc(watches.nextRunAt))
            .limit(capacity - confirmations.length)
            .for('update', { skipLocked: true });
    const out: OpenedRun[] = [];
    for (const watch of confirmations) {
      if (!ready(watch)) continue;
      const run = await openRun(tx, deps, (watch.kind === 'username' ? engine : emailEngine)!, watch, 'confirm');
      if (run) out.push(run);
    }
    for (const watch of due) {
      if (!ready(watch)) continue;
      await tx
        .update(watches)
        .set({ nextRunAt: nextRunAfter(watch, watch.cadence, now) })
        .where(eq(watches.id, watch.id));
      const run = await openRun(tx, deps, (watch.kind === 'username' ? engine : emailEngine)!, watch, 'scheduled');
      if (run) out.push(run);
    }
    return out;
  });
  for (const run of opened) await launchRun(deps, run);
  return opened;
}
