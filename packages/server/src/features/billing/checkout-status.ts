import type { CheckoutStatus } from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import { checkouts, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import { withinBillingBudget } from './billing-limits.ts';
import { settleCheckout } from './settle-checkout.ts';

async function read(deps: BillingDeps, userId: string, id: string) {
  const [row] = await deps.db
    .select({ status: checkouts.status, kind: checkouts.kind, plan: users.plan, credits: users.emailSearchCredits })
    .from(checkouts)
    .innerJoin(users, eq(users.id, checkouts.userId))
    .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)));
  return row;
}

/**
 * The caller's own checkout only: another user's id answers 404, like an unknown one. While it is still
 * open, the session is re-read from Stripe and settled here too (the same keyed effects as the webhook),
 * so a payment is applied even when its webhook is late or lost.
 */
export async function checkoutStatus(deps: BillingDeps, userId: string, id: string): Promise<CheckoutStatus> {
  let row = await read(deps, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such checkout.');
  // Beyond the user's budget of Stripe re-reads the stored state is answered (the webhook still applies
  // the payment): the return page keeps polling instead of failing on a 429.
  const reread = row.status === 'open' && deps.stripe && row.kind !== 'upgrade';
  if (reread && (await withinBillingBudget(deps, userId, 'checkout-read')).ok) {
    try {
      await settleCheckout(deps, id);
      row = (await read(deps, userId, id)) ?? row;
    } catch (error) {
      deps.log.warn({ err: error }, 'could not re-read a checkout from Stripe; waiting for its webhook');
    }
  }
  return { status: row.status, kind: row.kind, plan: row.plan, email_search_credits: row.credits };
}
