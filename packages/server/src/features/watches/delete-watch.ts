import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_STATUSES, searches, users, watches } from '../../db/schema/index.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import { cancelSearch } from '../searches/cancel-search.ts';
import type { FinishDeps } from '../searches/finish-search.ts';
import { runningEmailRuns } from './launch-run.ts';
import { ownWatch } from './own-watch.ts';

/** Stops the watch's runs (their searches stop their requests), then deletes it with everything it kept. */
export async function stopWatchRuns(deps: FinishDeps, watchIds: readonly string[]): Promise<void> {
  if (watchIds.length === 0) return;
  const active = await deps.db
    .select({ id: searches.id })
    .from(searches)
    .where(and(inArray(searches.watchId, [...watchIds]), inArray(searches.status, [...ACTIVE_STATUSES])));
  for (const search of active) await cancelSearch(deps, search.id);
  for (const run of runningEmailRuns(deps.db).values()) if (watchIds.includes(run.watchId)) run.controller.abort();
}

/** Deletes a watch: its baseline, runs, events and searches go with it (cascades). Audited. */
export async function deleteWatch(deps: FinishDeps, actor: AdminActor, watchId: string): Promise<void> {
  const row = await ownWatch(deps.db, actor.user.id, watchId);
  await stopWatchRuns(deps, [row.id]);
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(watches).where(eq(watches.id, row.id)).returning({ id: watches.id });
    if (!gone) return;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, actor.user.id));
    await recordAudit(tx, actor, {
      action: 'watch.delete',
      target: { id: actor.user.id, email: user?.email ?? actor.user.email },
      before: { watch: row.id, kind: row.kind, target: row.target },
    });
  });
}
