import { count, desc, eq } from 'drizzle-orm';
import { watchEvents } from '../../db/schema/index.ts';
import { ownWatch } from './own-watch.ts';
import { toWatchEvent } from './to-contract.ts';
import type { WatchDeps } from './watch-deps.ts';

/** A watch's events, newest first, one bounded page (decision 114's paging). */
export async function listWatchEvents(
  deps: WatchDeps,
  userId: string,
  watchId: string,
  page: { limit: number; skip: number },
) {
  await ownWatch(deps.db, userId, watchId);
  const where = eq(watchEvents.watchId, watchId);
  const rows = await deps.db
    .select()
    .from(watchEvents)
    .where(where)
    .orderBy(desc(watchEvents.createdAt), desc(watchEvents.id))
    .limit(page.limit)
    .offset(page.skip);
  const [total] = await deps.db.select({ n: count() }).from(watchEvents).where(where);
  return { items: rows.map(toWatchEvent), total: total?.n ?? 0 };
}
