/**
 * "Sync, don't trust the event": whatever webhook arrived, re-read the customer's subscriptions from
 * Stripe and store what they imply. No Stripe call inside a transaction: the read comes first, and the
 * write lands only if the row's `sync_version` is still the one seen before the read — otherwise another
 * sync wrote meanwhile (its read may be newer) and this one reads again. So the last write is always of
 * a read made after every earlier write (decision 095, replacing 081's lock held across the call).
 */
import type { Plan } from '@hound/contracts';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { billingAccounts, emailPlusSubscriptions, users } from '../../db/schema/index.ts';
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

/** Parallel syncs of one customer that lose the race read Stripe again; this many rounds at most. */
const ROUNDS = 5;

export async function syncCustomer(deps: BillingDeps, customerId: string): Promise<SyncResult | null> {
  const { client, settings } = stripeOf(deps);
  for (let round = 0; round < ROUNDS; round++) {
    const [seen] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId));
    // A customer Hound did not create (e.g. made in the dashboard), or of a deleted account: nothing to update.
    if (!seen) return null;
    // Stripe is read outside any transaction; the write below only lands if no other sync wrote meanwhile.
    const list = await client.subscriptions.list({ customer: customerId, status: 'all', limit: 20 });
    const result = await deps.db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.customerId, customerId))
        .for('update');
      if (!account) return null;
      if (account.syncVersion !== seen.syncVersion) return 'stale' as const;
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
          syncedAt: deps.now(),
          syncVersion: account.syncVersion + 1,
        })
        .where(eq(billingAccounts.userId, account.userId));
      // Email Plus subscriptions (another price) are not the plan: their rows copy Stripe's state.
      for (const sub of list.data) {
        if (!sub.items.data.some((item) => item.price.id === settings.prices.plus)) continue;
        const end = sub.items.data[0]?.current_period_end;
        await tx
          .update(emailPlusSubscriptions)
          .set({
            status: sub.status,
            periodEnd: end ? new Date(end * 1000) : null,
            cancelAtPeriodEnd: sub.cancel_at_period_end,
            updatedAt: deps.now(),
          })
          .where(eq(emailPlusSubscriptions.id, sub.id));
      }
      // Only a change of Stripe's state moves the plan: an admin's manual plan stays until the next one.
      if (plan === account.stripePlan) return { plan, changed: false };
      await tx
        .update(users)
        .set({ plan, planSource: 'stripe', updatedAt: sql`now()` })
        .where(eq(users.id, account.userId));
      deps.log.info({ userId: account.userId, from: account.stripePlan, to: plan }, 'plan changed by payment state');
      return { plan, changed: true };
    });
    if (result !== 'stale') return result;
  }
  throw new Error('billing sync: parallel syncs kept overtaking this one; Stripe will deliver the event again');
}
