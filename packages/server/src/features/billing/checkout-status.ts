import type { CheckoutStatus } from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import { checkouts, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';

/** The caller's own checkout only: another user's id answers 404, like an unknown one. */
export async function checkoutStatus(deps: BillingDeps, userId: string, id: string): Promise<CheckoutStatus> {
  const [row] = await deps.db
    .select({ status: checkouts.status, kind: checkouts.kind, plan: users.plan, credits: users.emailSearchCredits })
    .from(checkouts)
    .innerJoin(users, eq(users.id, checkouts.userId))
    .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'No such checkout.');
  return { status: row.status, kind: row.kind, plan: row.plan, email_search_credits: row.credits };
}
