import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions, type UserRow, users } from '../../db/schema/index.ts';

/**
 * `DELETE /me/password`: the account signs in by code only from now on. Every other session is revoked
 * with it, since a password the owner did not choose (decision 093) may already have opened one.
 */
export async function removePassword(db: Database, userId: string, keepSessionId: string, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash: null, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    return user!;
  });
}
