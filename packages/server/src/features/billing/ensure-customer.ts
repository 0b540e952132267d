import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
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
  return storeBillingAccount(deps.db, user.id, customer.id);
}

/**
 * Stores the pair once, however many requests store it at the same moment. The conflict names no target
 * on purpose: parallel inserts of the same row collide on the customer's unique index as well as on the
 * user's key, and PostgreSQL turns a collision on an index the clause does not name into an error (a 500
 * under 30 parallel checkouts in CI).
 */
export async function storeBillingAccount(
  db: Database,
  userId: string,
  customerId: string,
): Promise<BillingAccountRow> {
  await db.insert(billingAccounts).values({ userId, customerId }).onConflictDoNothing();
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row!;
}

export async function findBillingAccount(deps: Pick<BillingDeps, 'db'>, userId: string) {
  const [row] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row ?? null;
}

export async function findAccountOfCustomer(deps: Pick<BillingDeps, 'db'>, customerId: string) {
  const [row] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId));
  return row ?? null;
}
