import { ADMIN_MESSAGES, normaliseEmail } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** The user an admin action targets, by address; locked for the rest of the transaction. */
export async function findUserForUpdate(db: Pick<Database, 'select'>, email: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .for('update');
  if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
  return user;
}
