import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type EmailSearchRow, emailSearches } from '../../db/schema/index.ts';
import type { Page } from '../../lib/page.ts';

/** The user's email searches, newest first (the id breaks a tie, so pages never overlap). */
export async function listEmailSearches(db: Database, userId: string, page: Page): Promise<EmailSearchRow[]> {
  return db
    .select()
    .from(emailSearches)
    .where(eq(emailSearches.userId, userId))
    .orderBy(desc(emailSearches.createdAt), desc(emailSearches.id))
    .limit(page.limit)
    .offset(page.skip);
}
