import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type SearchRow, searches } from '../../db/schema/index.ts';
import type { Page } from '../../lib/page.ts';

/** The user's username searches (web and API alike), newest first (the id breaks a tie, so pages never overlap). */
export async function listSearches(db: Database, userId: string, page: Page): Promise<SearchRow[]> {
  return db
    .select()
    .from(searches)
    .where(eq(searches.userId, userId))
    .orderBy(desc(searches.createdAt), desc(searches.id))
    .limit(page.limit)
    .offset(page.skip);
}
