import { eq } from 'drizzle-orm';
import { type BillingAccountRow, billingAccounts, type UserRow } from '../../db/schema/index.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { providerCall } from './provider-call.ts';

/**
 * The user's Stripe customer, created once. Stripe's idempotency key (per user) makes two parallel first
 * checkouts create one customer; the unique row makes them store it once.
 */
export async function ensureCustomer(deps: BillingDeps, user: UserRow): Promise<BillingAccountRow> {
  const [existing] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.userId, user.id));
  if (existing) return existing;
  const { client } = stripeOf(deps);
  const customer = await providerCall(deps, 'create customer', () =>
    client.customers.create(
      { email: user.email, name: `${user.firstName} ${user.lastName}`, metadata: { user_id: user.id } },
      { idempotencyKey: `hound-customer-${user.id}` },
    ),
  );
  await deps.db
    .insert(billingAccounts)
    .values({ userId: user.id, customerId: customer.id })
    .onConflictDoNothing({ target: billingAccounts.userId });
  const [row] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.userId, user.id));
  return row!;
}

export async function findBillingAccount(deps: Pick<BillingDeps, 'db'>, userId: string) {
  const [row] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row ?? null;
}
