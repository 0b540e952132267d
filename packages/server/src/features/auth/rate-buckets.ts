import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rateBuckets } from '../../db/schema/index.ts';

/**
 * Counts one event in the current fixed window of `key` and returns the count so far (this one included)
 * and the seconds until the window ends. One atomic upsert, so concurrent requests on any node count right.
 */
export async function hitBucket(
  db: Pick<Database, 'insert'>,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ count: number; resetSeconds: number }> {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateBuckets)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateBuckets.key, rateBuckets.windowStart],
      set: { count: sql`${rateBuckets.count} + 1` },
    })
    .returning({ count: rateBuckets.count });
  return {
    count: row!.count,
    resetSeconds: Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000)),
  };
}

/** Seconds until the current window of `windowMs` ends. */
export function windowResetSeconds(windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((windowMs - (now.getTime() % windowMs)) / 1000));
}

/** The count of the current window of `key`, without counting anything. */
export async function peekBucket(db: Database, key: string, windowMs: number, now: Date): Promise<number> {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .select({ count: rateBuckets.count })
    .from(rateBuckets)
    .where(and(eq(rateBuckets.key, key), eq(rateBuckets.windowStart, start)));
  return row?.count ?? 0;
}
