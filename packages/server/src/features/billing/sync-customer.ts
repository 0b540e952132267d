/**
 * "Sync, don't trust the event": whatever webhook arrived, re-read the customer's subscriptions from
 * Stripe and store what they imply. Runs with the customer's row locked, so two syncs for one customer
 * (duplicate or out-of-order events) take turns and the later one always writes the later state.
 */
import type { Plan } from '@hound/contracts';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { billingAccounts, users } from '../../db/schema/index.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';

const LIVE = ['trialing', 'active', 'past_due'];

export function planOf(subscription: Stripe.Subscription | undefined): Plan {
  if (!subscription || !LIVE.includes(subscription.status)) return 'free';
  return subscription.status === 'trialing' ? 'trial' : 'premium';
}

/** Our plan's subscriptions (those holding the monthly price), newest first; the live one if any. */
export function pickSubscription(subscriptions: Stripe.Subscription[], monthlyPrice: string) {
  const ours = subscriptions
    .filter((s) => s.items.data.some((item) => item.price.id === monthlyPrice))
    .sort((a, b) => b.created - a.created);
  return { live: ours.find((s) => LIVE.includes(s.status)), latest: ours[0], ours };
}

export interface SyncResult {
  plan: Plan;
  changed: boolean;
}

export async function syncCustomer(deps: BillingDeps, customerId: string): Promise<SyncResult | null> {
  const { client, settings } = stripeOf(deps);
  const [known] = await deps.db
    .select({ userId: billingAccounts.userId })
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, customerId));
  // A customer Hound did not create (e.g. made in the dashboard): nothing of ours to update.
  if (!known) return null;
  // Stripe is read before the transaction (no network call holds a lock, decision 099); a read that
  // started before the one already applied is older news and is dropped.
  const readAt = deps.now();
  const list = await client.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.customerId, customerId))
      .for('update');
    if (!account) return null;
    if (account.syncedAt && account.syncedAt > readAt) return { plan: account.stripePlan, changed: false };
    const { live, latest, ours } = pickSubscription(list.data, settings.prices.monthly);
    const current = live ?? latest;
    const plan = planOf(live);
    const periodEnd = current?.items.data[0]?.current_period_end;
    await tx
      .update(billingAccounts)
      .set({
        subscriptionId: current?.id ?? null,
        subscriptionStatus: current?.status ?? null,
        stripePlan: plan,
        periodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        cancelAtPeriodEnd: current?.cancel_at_period_end ?? false,
        trialUsed: account.trialUsed || ours.some((s) => s.trial_start !== null),
        syncedAt: readAt,
      })
      .where(eq(billingAccounts.userId, account.userId));
    // Only a change of Stripe's state moves the plan: an admin's manual plan stays until the next one.
    if (plan === account.stripePlan) return { plan, changed: false };
    await tx
      .update(users)
      .set({ plan, planSource: 'stripe', updatedAt: sql`now()` })
      .where(eq(users.id, account.userId));
    deps.log.info({ userId: account.userId, from: account.stripePlan, to: plan }, 'plan changed by payment state');
    return { plan, changed: true };
  });
}
