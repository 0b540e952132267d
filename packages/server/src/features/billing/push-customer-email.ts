/**
 * Stripe's customer follows the account's address (issue 38 item 5d): receipts and Stripe's own mails go
 * where the customer now reads. The change's transaction writes a `stripe_customer_updates` row; this runs
 * after the commit and again from the background pass, with backoff, until Stripe answers. The row always
 * holds the latest address, so a late attempt never writes an older one.
 */
import { asc, eq, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { stripeCustomerUpdates } from '../../db/schema/index.ts';
import type { CancelDeps } from './cancel-deleted-customer.ts';
import { retryAt } from './retry-backoff.ts';

/** One attempt for one customer; true when Stripe has the address (or nothing was due). */
export async function pushCustomerEmail(deps: CancelDeps, customerId: string): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(stripeCustomerUpdates)
    .where(eq(stripeCustomerUpdates.customerId, customerId));
  if (!row) return true;
  if (!deps.stripe) return false;
  try {
    await deps.stripe.client.customers.update(customerId, { email: row.email });
    // Gone only if no newer address arrived meanwhile.
    await deps.db
      .delete(stripeCustomerUpdates)
      .where(
        sql`${stripeCustomerUpdates.customerId} = ${customerId} and ${stripeCustomerUpdates.email} = ${row.email}`,
      );
    return true;
  } catch (error) {
    await deps.db
      .update(stripeCustomerUpdates)
      .set({ attempts: sql`${stripeCustomerUpdates.attempts} + 1`, nextAttemptAt: retryAt(deps.now(), row.attempts) })
      .where(eq(stripeCustomerUpdates.customerId, customerId));
    // Stripe's message may quote the address: the log gets the error's type and code only.
    const detail = error instanceof Stripe.errors.StripeError ? `${error.type}/${error.code ?? '-'}` : 'network';
    deps.log.warn({ customer: customerId, detail }, 'could not update the Stripe customer’s address; will retry');
    return false;
  }
}

/** The background pass: every customer update that is due. */
export async function retryDueCustomerEmails(deps: CancelDeps, batch = 20): Promise<number> {
  if (!deps.stripe) return 0;
  const due = await deps.db
    .select({ id: stripeCustomerUpdates.customerId })
    .from(stripeCustomerUpdates)
    .where(lte(stripeCustomerUpdates.nextAttemptAt, deps.now()))
    .orderBy(asc(stripeCustomerUpdates.nextAttemptAt))
    .limit(batch);
  let done = 0;
  for (const { id } of due) if (await pushCustomerEmail(deps, id)) done += 1;
  return done;
}
