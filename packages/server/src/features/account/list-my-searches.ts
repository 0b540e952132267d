import type { MySearchesResponse } from '@hound/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { searches } from '../../db/schema/index.ts';

/** The user's username searches, newest first (until retention deletes them). */
export async function listMySearches(
  db: Database,
  userId: string,
  page: { limit: number; skip: number },
): Promise<MySearchesResponse> {
  const rows = await db
    .select()
    .from(searches)
    .where(eq(searches.userId, userId))
    .orderBy(desc(searches.createdAt))
    .limit(page.limit)
    .offset(page.skip);
  const [total] = await db.select({ n: count() }).from(searches).where(eq(searches.userId, userId));
  return {
    total: total?.n ?? 0,
    items: rows.map((s) => ({
      id: s.id,
      username: s.username,
      status: s.status,
      created_at: s.createdAt.toISOString(),
      total_found: s.found,
      progress: { done: s.done, total: s.total },
      parent_id: s.parentId ?? null,
      parent_email_search_id: s.parentEmailSearchId ?? null,
      reason: s.reason ?? null,
    })),
  };
}
