import { ADMIN_MESSAGES } from '@hound/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { findUserForUpdate } from './find-user.ts';
import { type AdminActor, recordAudit } from './record-audit.ts';

/** Grants or removes admin rights. The last admin cannot remove their own (nobody could manage users then). */
export async function updateAdmin(
  db: Database,
  actor: AdminActor,
  input: { email: string; isAdmin: boolean },
): Promise<{ email: string; is_admin: boolean }> {
  return db.transaction(async (tx) => {
    if (!input.isAdmin) {
      // Every admin row is locked, in id order, before the user's own. Two admins removing their rights at
      // once then queue on the same first row instead of each holding the row the other needs (a deadlock
      // on PostgreSQL); the second sees the first's change and is refused below.
      await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(users.id).for('update');
    }
    const user = await findUserForUpdate(tx, input.email);
    if (!input.isAdmin && user.isAdmin) {
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdmin, true), ne(users.id, user.id)));
      if (others.length === 0) throw new AppError('INVALID_INPUT', ADMIN_MESSAGES.lastAdmin);
    }
    await tx.update(users).set({ isAdmin: input.isAdmin, updatedAt: new Date() }).where(eq(users.id, user.id));
    await recordAudit(tx, actor, {
      action: input.isAdmin ? 'user.admin.grant' : 'user.admin.revoke',
      target: user,
      before: { is_admin: user.isAdmin },
      after: { is_admin: input.isAdmin },
    });
    return { email: user.email, is_admin: input.isAdmin };
  });
}
