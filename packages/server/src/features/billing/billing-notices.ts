/**
 * Customer mails that follow Stripe's facts, each at most once: a receipt per paid invoice, the trial
 * reminder per subscription (`customer.subscription.trial_will_end`), a failed renewal per failed attempt
 * (`invoice.payment_failed`). The fact is re-read from Stripe; the mail is written to the outbox in the
 * same transaction as its `billing_notices` key, so a redelivered or replayed event finds the key and sends
 * nothing, and the mail leaves after commit (decision 099).
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { type BillingAccountRow, billingAccounts, billingNotices, users } from '../../db/schema/index.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import {
  type BillingMailContext,
  type Product,
  paymentFailedMail,
  receiptMail,
  trialEndingMail,
} from '../../mail/templates/billing-mails.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Claims `key`; true the first time only. Call inside the transaction that enqueues the mail. */
export async function claimNotice(tx: Pick<Database, 'insert'>, key: string): Promise<boolean> {
  const claimed = await tx.insert(billingNotices).values({ key }).onConflictDoNothing().returning();
  return claimed.length > 0;
}

/** The account's user and how to write to them; null for a customer Hound does not know (or deleted). */
export async function recipientOf(deps: BillingDeps, account: BillingAccountRow) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, account.userId));
  if (!user) return null;
  const context: BillingMailContext = {
    brand: deps.options.brand,
    publicUrl: deps.options.publicUrl,
    language: user.language,
  };
  return { user, context };
}

async function accountOf(deps: BillingDeps, customer: string | { id: string } | null | undefined) {
  const id = typeof customer === 'string' ? customer : customer?.id;
  if (!id) return null;
  const [account] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.customerId, id));
  return account ?? null;
}

/** Sends `message` once for `key`: claimed and enqueued together, flushed after commit. */
async function mailOnce(deps: BillingDeps, key: string, message: MailMessage, also?: (tx: Tx) => Promise<void>) {
  const sent = await deps.db.transaction(async (tx) => {
    if (!(await claimNotice(tx, key))) return false;
    await deps.mailer.enqueue(tx, message);
    await also?.(tx);
    return true;
  });
  if (sent) deps.mailer.flush();
  return sent;
}

/** What a subscription is for: Email Plus (its price) or the plan. */
export function productOf(deps: BillingDeps, subscription: Stripe.Subscription): Product {
  const { prices } = stripeOf(deps).settings;
  if (subscription.items.data.some((item) => item.price.id === prices.plus)) return 'plus';
  return 'plan';
}

/** A receipt for a paid invoice that took money. */
export async function sendReceipt(
  deps: BillingDeps,
  account: BillingAccountRow,
  invoice: Stripe.Invoice,
  product: Product,
  renewsAt: number | null,
): Promise<void> {
  if (invoice.status !== 'paid' || invoice.amount_paid <= 0 || !invoice.id) return;
  const to = await recipientOf(deps, account);
  if (!to) return;
  const mail = receiptMail(to.user.email, to.context, {
    number: invoice.number ?? invoice.id,
    amount: invoice.amount_paid,
    currency: invoice.currency,
    paidAt: invoice.status_transitions?.paid_at ?? invoice.created,
    product,
    renewsAt,
    url: invoice.hosted_invoice_url ?? null,
  });
  if (await mailOnce(deps, `receipt:${invoice.id}`, mail)) {
    deps.log.info({ userId: account.userId, invoice: invoice.id }, 'receipt mailed');
  }
}

/** `customer.subscription.trial_will_end`: amount, date and how to cancel, unless it no longer converts. */
export async function remindTrialEnd(deps: BillingDeps, subscriptionId: string): Promise<void> {
  const { client } = stripeOf(deps);
  const subscription = await client.subscriptions.retrieve(subscriptionId);
  if (subscription.status !== 'trialing' || subscription.cancel_at_period_end || !subscription.trial_end) return;
  const account = await accountOf(deps, subscription.customer);
  const to = account && (await recipientOf(deps, account));
  if (!account || !to) return;
  const amount = subscription.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  );
  const mail = trialEndingMail(to.user.email, to.context, {
    amount,
    currency: subscription.currency,
    endsAt: subscription.trial_end,
  });
  if (await mailOnce(deps, `trial-ending:${subscription.id}`, mail)) {
    deps.log.info({ userId: account.userId, subscription: subscription.id }, 'trial reminder mailed');
  }
}

/** `invoice.payment_failed` of a renewal: what failed, when it is tried again (or that it ends), the portal. */
export async function notifyPaymentFailed(deps: BillingDeps, invoiceId: string): Promise<void> {
  const { client } = stripeOf(deps);
  const invoice = await client.invoices.retrieve(invoiceId);
  // A renewal only (a declined upgrade or first payment is answered on screen), and still unpaid.
  if (invoice.billing_reason !== 'subscription_cycle' || invoice.status !== 'open' || !invoice.id) return;
  const subscriptionRef = invoice.parent?.subscription_details?.subscription;
  if (!subscriptionRef) return;
  const account = await accountOf(deps, invoice.customer);
  const to = account && (await recipientOf(deps, account));
  if (!account || !to) return;
  const subscription =
    typeof subscriptionRef === 'string' ? await client.subscriptions.retrieve(subscriptionRef) : subscriptionRef;
  const mail = paymentFailedMail(to.user.email, to.context, {
    amount: invoice.amount_due,
    currency: invoice.currency,
    product: productOf(deps, subscription),
    nextAttempt: invoice.next_payment_attempt ?? null,
  });
  if (await mailOnce(deps, `payment-failed:${invoice.id}:${invoice.attempt_count}`, mail)) {
    deps.log.info({ userId: account.userId, invoice: invoice.id }, 'failed renewal mailed');
  }
}
