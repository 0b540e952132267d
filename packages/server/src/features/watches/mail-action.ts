import { WATCH_MESSAGES } from '@hound/contracts';
import { eq, sql } from 'drizzle-orm';
import { watches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { checkWatchToken, type WatchMailAction } from './mail-links.ts';
import type { WatchDeps } from './watch-deps.ts';

/**
 * A mail link's action, without signing in: `unsubscribe` stops mail about the watch (its events still
 * show in the dashboard), `pause` pauses it. The token is the proof; a wrong one changes nothing (400).
 * Answering the same for a missing watch and a wrong token says nothing about which ids exist.
 */
export async function applyMailAction(
  deps: WatchDeps,
  watchId: string,
  action: WatchMailAction,
  token: string,
): Promise<{ action: WatchMailAction; label: string }> {
  if (!(await checkWatchToken(deps, watchId, action, token))) {
    throw new AppError('WATCH_LINK_INVALID', WATCH_MESSAGES.badLink);
  }
  // A suspended watch stays suspended: only the plan resumes it.
  const changes =
    action === 'unsubscribe'
      ? { notifyMail: false }
      : { status: sql<'paused'>`case when ${watches.status} = 'suspended' then 'suspended' else 'paused' end` };
  const [row] = await deps.db
    .update(watches)
    .set({ ...changes, updatedAt: deps.now() })
    .where(eq(watches.id, watchId))
    .returning({ label: watches.label, target: watches.target, status: watches.status });
  if (!row) throw new AppError('WATCH_LINK_INVALID', WATCH_MESSAGES.badLink);
  return { action, label: row.label || row.target };
}
