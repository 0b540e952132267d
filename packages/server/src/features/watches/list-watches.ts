import type { WatchList } from '@hound/contracts';
import { desc, eq } from 'drizzle-orm';
import { users, watches } from '../../db/schema/index.ts';
import { describeWatches } from './describe-watches.ts';
import type { WatchDeps } from './watch-deps.ts';
import { cadencesOf, planOf, slotsOf } from './watch-plan.ts';

/** The user's watches, newest first, with what their plan allows (at most a plan's slots, so no paging). */
export async function listWatches(deps: WatchDeps, userId: string, webhooks: boolean): Promise<WatchList> {
  const [user] = await deps.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  const rows = await deps.db.select().from(watches).where(eq(watches.userId, userId)).orderBy(desc(watches.createdAt));
  const plan = planOf(user?.plan ?? 'free', deps.config);
  const used = (kind: 'username' | 'email') => rows.filter((r) => r.kind === kind).length;
  return {
    items: await describeWatches(deps.db, rows, deps.now()),
    plan: {
      username: {
        slots: slotsOf(plan, 'username'),
        used: used('username'),
        cadences: cadencesOf(plan, 'username', deps.config),
      },
      email: {
        slots: slotsOf(plan, 'email'),
        used: used('email'),
        cadences: cadencesOf(plan, 'email', deps.config),
        other_addresses: plan.otherAddresses,
      },
    },
    webhooks_available: webhooks,
  };
}
