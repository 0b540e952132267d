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
    const user = await findUserForUpdate(tx, input.email);
    if (!input.isAdmin && user.isAdmin) {
      // Lock every other admin row, so two admins demoting each other at once cannot both succeed.
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isAdmin, true), ne(users.id, user.id)))
        .for('update');
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
