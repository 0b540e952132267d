/**
 * A watch the plan no longer covers is suspended, not deleted; one the plan covers again resumes (decision
 * 140). Run by the pass, so a plan change by Stripe or an admin takes effect within a minute.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { users, watches } from '../../db/schema/index.ts';
import { nextRunAfter } from './schedule.ts';
import type { WatchDeps } from './watch-deps.ts';
import { coveredWatches, planOf } from './watch-plan.ts';

export async function reconcilePlans(deps: WatchDeps): Promise<{ suspended: number; resumed: number }> {
  const rows = await deps.db
    .select({
      id: watches.id,
      userId: watches.userId,
      kind: watches.kind,
      target: watches.target,
      cadence: watches.cadence,
      status: watches.status,
      baselineAt: watches.baselineAt,
      createdAt: watches.createdAt,
      plan: users.plan,
      email: users.email,
    })
    .from(watches)
    .innerJoin(users, eq(users.id, watches.userId));
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const suspend: string[] = [];
  const resume: typeof rows = [];
  for (const list of byUser.values()) {
    const first = list[0]!;
    const covered = coveredWatches(list, planOf(first.plan, deps.config), first.email, deps.config);
    for (const w of list) {
      if (w.status === 'active' && !covered.has(w.id)) suspend.push(w.id);
      if (w.status === 'suspended' && covered.has(w.id)) resume.push(w);
    }
  }
  const now = deps.now();
  if (suspend.length > 0) {
    await deps.db
      .update(watches)
      .set({ status: 'suspended', updatedAt: now })
      .where(and(inArray(watches.id, suspend), eq(watches.status, 'active')));
  }
  for (const w of resume) {
    await deps.db
      .update(watches)
      .set({
        status: 'active',
        updatedAt: now,
        nextRunAt: w.baselineAt ? nextRunAfter(w, w.cadence, now) : now,
      })
      .where(and(eq(watches.id, w.id), eq(watches.status, 'suspended')));
  }
  return { suspended: suspend.length, resumed: resume.length };
}
