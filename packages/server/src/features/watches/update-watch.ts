import { type UpdateWatchRequest, WATCH_MESSAGES, type Watch } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import { users, watches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { describeWatches } from './describe-watches.ts';
import { ownWatch } from './own-watch.ts';
import { nextRunAfter } from './schedule.ts';
import type { WatchDeps } from './watch-deps.ts';
import { cadencesOf, planOf } from './watch-plan.ts';

/**
 * Pause, resume, cadence, label and notifications. A suspended watch resumes by itself when the plan covers
 * it again (a cadence the plan allows may be what it takes); resuming it by hand is refused with the reason.
 */
export async function updateWatch(
  deps: WatchDeps,
  userId: string,
  watchId: string,
  input: UpdateWatchRequest,
): Promise<Watch> {
  const row = await ownWatch(deps.db, userId, watchId);
  const [user] = await deps.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  const now = deps.now();
  const changes: Partial<typeof watches.$inferInsert> = { updatedAt: now };
  if (input.cadence && input.cadence !== row.cadence) {
    if (!cadencesOf(planOf(user?.plan ?? 'free', deps.config), row.kind, deps.config).includes(input.cadence)) {
      throw new AppError('WATCH_PLAN_LIMIT', WATCH_MESSAGES.cadence);
    }
    changes.cadence = input.cadence;
    if (row.baselineAt) changes.nextRunAt = nextRunAfter(row, input.cadence, now);
  }
  if (input.status && input.status !== row.status) {
    if (row.status === 'suspended') throw new AppError('WATCH_PLAN_LIMIT', WATCH_MESSAGES.suspended);
    changes.status = input.status;
    if (input.status === 'active') {
      changes.nextRunAt = row.baselineAt ? nextRunAfter(row, changes.cadence ?? row.cadence, now) : now;
    }
  }
  if (input.label !== undefined) changes.label = input.label.trim();
  if (input.notify?.mail !== undefined) changes.notifyMail = input.notify.mail;
  if (input.notify?.webhook !== undefined) changes.notifyWebhook = input.notify.webhook;
  const [updated] = await deps.db.update(watches).set(changes).where(eq(watches.id, row.id)).returning();
  if (!updated) throw new AppError('NOT_FOUND', 'No such watch.');
  return (await describeWatches(deps.db, [updated], now))[0]!;
}
