/**
 * A paid invoice of the plan grants its credits, and only these (decision 095):
 * - `subscription_create` of a trial → `TRIAL_CREDITS`, once per customer (key `trial:<customer>`, so
 *   even two trial subscriptions could not grant twice);
 * - `subscription_create` without a trial, and every `subscription_cycle` → `PLAN_MONTHLY_CREDITS`;
 * - `subscription_update` only when it charges a full month of the monthly price (a non-proration line:
 *   the trial ended early by an upgrade) → `PLAN_MONTHLY_CREDITS`.
 * Manual, threshold and proration-only invoices grant nothing, whatever prices they hold. Keyed in the
 * ledger (ref = invoice id), so however often and in whatever order the events come, each grants once.
 *
 * A paid invoice of an Email Plus subscription opens that period's order instead (decision 108). Every
 * paid invoice that took money is then receipted to the customer, once.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { billingAccounts } from '../../db/schema/index.ts';
import { applyCredits } from '../credits/ledger.ts';
import { openPeriodOrder, periodEndOf } from '../email-plus/open-period-order.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { productOf, sendReceipt } from './billing-notices.ts';
import { undoDeletedCustomerPayment } from './cancel-deleted-customer.ts';

type Grant = { kind: 'trial' | 'monthly' } | null;

function grantOf(invoice: Stripe.Invoice, subscription: Stripe.Subscription, monthlyPrice: string): Grant {
  switch (invoice.billing_reason) {
    case 'subscription_create':
      return { kind: subscription.trial_start !== null ? 'trial' : 'monthly' };
    case 'subscription_cycle':
      return { kind: 'monthly' };
    case 'subscription_update': {
      const fullMonth = invoice.lines.data.some(
        (line) =>
          line.pricing?.price_details?.price === monthlyPrice &&
          line.parent?.subscription_item_details?.proration === false &&
          line.amount > 0,
      );
      return fullMonth ? { kind: 'monthly' } : null;
    }
    default:
      return null;
  }
}

export async function settleInvoice(deps: BillingDeps, invoiceId: string): Promise<void> {
  const { client, settings } = stripeOf(deps);
  const invoice = await client.invoices.retrieve(invoiceId);
  if (invoice.status !== 'paid') return;
  const subscriptionRef = invoice.parent?.subscription_details?.subscription;
  if (!subscriptionRef) return;
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  if (!customerId) return;
  const [account] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId));
  // A deleted account's customer paid (an open checkout, while Stripe was failing): refunded, ended.
  if (!account) return undoDeletedCustomerPayment(deps, customerId);
  const subscription =
    typeof subscriptionRef === 'string' ? await client.subscriptions.retrieve(subscriptionRef) : subscriptionRef;
  const product = productOf(deps, subscription);
  const renewsAt =
    subscription.cancel_at_period_end || subscription.status === 'canceled' ? null : periodEndOf(subscription);
  if (product === 'plus') {
    // A second payment for one order is refunded, not receipted (issue 38 item 5e).
    if ((await openPeriodOrder(deps, account, invoice, subscription)) === 'duplicate') return;
    await sendReceipt(deps, account, invoice, 'plus', renewsAt);
    return;
  }
  if (!subscription.items.data.some((item) => item.price.id === settings.prices.monthly)) return;
  const grant = grantOf(invoice, subscription, settings.prices.monthly);
  await sendReceipt(deps, account, invoice, grant?.kind === 'trial' ? 'trial' : 'plan', renewsAt);
  if (!grant) return;
  const trial = grant.kind === 'trial';
  const credits = trial ? deps.options.trialCredits : deps.options.monthlyCredits;
  if (credits <= 0) return;
  const result = await applyCredits(deps.db, {
    userId: account.userId,
    delta: credits,
    kind: 'plan_allowance',
    idempotencyKey: trial ? `trial:${customerId}` : `invoice:${invoice.id}`,
    ref: invoice.id,
    reason: trial ? 'Trial allowance' : 'Monthly allowance',
  });
  if (result.applied) deps.log.info({ userId: account.userId, invoice: invoice.id, credits }, 'plan credits granted');
}
