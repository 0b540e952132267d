import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type WatchRow, watches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const WATCH_NOT_FOUND = 'No such watch.';

/**
 * The caller's watch, or the 404 of a missing one — for everyone else, admins included: a watch is its
 * owner's (admins see watches in the user view, never through these routes), and a 403 would confirm the id.
 */
export async function ownWatch(db: Pick<Database, 'select'>, userId: string, watchId: string): Promise<WatchRow> {
  const [row] = await db
    .select()
    .from(watches)
    .where(and(eq(watches.id, watchId), eq(watches.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', WATCH_NOT_FOUND);
  return row;
}
