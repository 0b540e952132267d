import { nameProblem } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export async function updateProfile(
  db: Database,
  userId: string,
  input: { firstName: string; lastName: string; language?: 'en' | 'tr' },
  now: Date,
): Promise<UserRow> {
  const problem = nameProblem(input.firstName, 'first') ?? nameProblem(input.lastName, 'last');
  if (problem) throw new AppError('INVALID_INPUT', problem);
  const [user] = await db
    .update(users)
    .set({
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      ...(input.language ? { language: input.language } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError('AUTH_REQUIRED', 'Please sign in to continue');
  return user;
}
