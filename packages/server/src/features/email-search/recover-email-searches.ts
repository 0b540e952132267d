import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { emailSearches } from '../../db/schema/index.ts';
import { failEmailSearch } from './run-email-search.ts';

/** A running email search not updated for this long lost its process (restart, crash). */
export const STALLED_AFTER_MS = 5 * 60_000;
export const INTERRUPTED_MESSAGE = 'The search was interrupted. Your credit was returned; please search again.';

/** Fails email searches whose process went away, returning their credits. Run at start and hourly. */
export async function recoverEmailSearches(
  db: Database,
  now: Date,
  stalledAfterMs = STALLED_AFTER_MS,
): Promise<number> {
  const stalled = await db
    .select({ id: emailSearches.id, reservationId: emailSearches.reservationId })
    .from(emailSearches)
    .where(
      and(eq(emailSearches.status, 'running'), lt(emailSearches.updatedAt, new Date(now.getTime() - stalledAfterMs))),
    );
  for (const search of stalled) await failEmailSearch(db, search, INTERRUPTED_MESSAGE);
  return stalled.length;
}
