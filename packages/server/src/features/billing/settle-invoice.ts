/**
 * A paid invoice of the plan grants its credits: `TRIAL_CREDITS` for the trial's first invoice,
 * `PLAN_MONTHLY_CREDITS` for every other paid period. Keyed by the invoice id in the ledger, so however
 * often and in whatever order the events come, each invoice grants once.
 */
import { eq } from 'drizzle-orm';
import { billingAccounts } from '../../db/schema/index.ts';
import { applyCredits } from '../credits/ledger.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';

export async function settleInvoice(deps: BillingDeps, invoiceId: string): Promise<void> {
  const { client, settings } = stripeOf(deps);
  const invoice = await client.invoices.retrieve(invoiceId);
  if (invoice.status !== 'paid') return;
  const subscriptionRef = invoice.parent?.subscription_details?.subscription;
  if (!subscriptionRef) return;
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  if (!customerId) return;
  const [account] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId));
  if (!account) return;
  const subscription =
    typeof subscriptionRef === 'string' ? await client.subscriptions.retrieve(subscriptionRef) : subscriptionRef;
  if (!subscription.items.data.some((item) => item.price.id === settings.prices.monthly)) return;
  const trialInvoice = invoice.billing_reason === 'subscription_create' && subscription.trial_start !== null;
  const credits = trialInvoice ? deps.options.trialCredits : deps.options.monthlyCredits;
  if (credits <= 0) return;
  const result = await applyCredits(deps.db, {
    userId: account.userId,
    delta: credits,
    kind: 'plan_allowance',
    idempotencyKey: `invoice:${invoice.id}`,
    ref: invoice.id,
    reason: trialInvoice ? 'Trial allowance' : 'Monthly allowance',
  });
  if (result.applied) deps.log.info({ userId: account.userId, invoice: invoice.id, credits }, 'plan credits granted');
}
