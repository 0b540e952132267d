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

/**
 * Gives back one event counted by `hitBucket` in the current window (never below zero): a cap that must
 * count an attempt before judging it (so a burst cannot all be judged at once) returns the count when the
 * attempt turns out not to be one it limits (a right code, a right password).
 */
export async function unhitBucket(
  db: Pick<Database, 'update'>,
  key: string,
  windowMs: number,
  now: Date,
): Promise<void> {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db
    .update(rateBuckets)
    .set({ count: sql`${rateBuckets.count} - 1` })
    .where(and(eq(rateBuckets.key, key), eq(rateBuckets.windowStart, start), sql`${rateBuckets.count} > 0`));
}
