import type { Watch } from '@hound/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { watches } from '../../db/schema/index.ts';
import { describeWatches } from './describe-watches.ts';

/** An admin's view of one user's watches (the user view; decision 140): what is watched, why, and how it runs. */
export async function listUserWatches(db: Database, userId: string, now: Date): Promise<Watch[]> {
  const rows = await db.select().from(watches).where(eq(watches.userId, userId)).orderBy(desc(watches.createdAt));
  return describeWatches(db, rows, now);
}
