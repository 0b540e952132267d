import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** The user's email-search credits now (0 for an account that is gone). */
export async function creditBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ credits: users.emailSearchCredits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}
