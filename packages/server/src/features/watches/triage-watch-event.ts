import type { WatchEvent, WatchEventStatus } from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import { watchEvents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ownWatch } from './own-watch.ts';
import { toWatchEvent } from './to-contract.ts';
import type { WatchDeps } from './watch-deps.ts';

/** Marks one of the watch's events new, seen or dismissed. */
export async function triageWatchEvent(
  deps: WatchDeps,
  userId: string,
  watchId: string,
  eventId: string,
  status: WatchEventStatus,
): Promise<WatchEvent> {
  await ownWatch(deps.db, userId, watchId);
  const [row] = await deps.db
    .update(watchEvents)
    .set({ status })
    .where(and(eq(watchEvents.id, eventId), eq(watchEvents.watchId, watchId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', 'No such event.');
  return toWatchEvent(row);
}
