/**
 * Customer mails that follow Stripe's facts, each at most once: a receipt per paid invoice, the trial
 * reminder per subscription (two days before the trial converts, from the background pass), a failed
 * renewal per failed attempt (`invoice.payment_failed`). The fact is re-read from Stripe; the mail is written to the outbox in the
 * same transaction as its `billing_notices` key, so a redelivered or replayed event finds the key and sends
 * nothing, and the mail leaves after commit (decision 099).
 */
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
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

/** What sending a notice needs (the background pass has no full BillingDeps). */
type NoticeDeps = Pick<BillingDeps, 'db' | 'log' | 'mailer'> & {
  options: Pick<BillingDeps['options'], 'brand' | 'publicUrl'>;
};

/** The account's user and how to write to them; null for a customer Hound does not know (or deleted). */
export async function recipientOf(deps: NoticeDeps, account: BillingAccountRow) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, account.userId));
  if (!user) return null;
  const context: BillingMailContext = {
    brand: deps.options.brand,
    publicUrl: deps.options.publicUrl,
    language: user.language,
  };
  return { user, context };
}

async function accountOf(deps: NoticeDeps, customer: string | { id: string } | null | undefined) {
  const id = typeof customer === 'string' ? customer : customer?.id;
  if (!id) return null;
  const [account] = await deps.db.select().from(billingAccounts).where(eq(billingAccounts.customerId, id));
  return account ?? null;
}

/** Sends `message` once for `key`: claimed and enqueued together, flushed after commit. */
async function mailOnce(deps: NoticeDeps, key: string, message: MailMessage, also?: (tx: Tx) => Promise<void>) {
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

/** The trial reminder goes this long before the trial converts (issue 27: "two days before"). */
export const TRIAL_REMINDER_BEFORE_MS = 2 * 86_400_000;
/** Reminders looked at per pass; the rest wait for the next pass (a minute later). */
const TRIAL_REMINDERS_PER_PASS = 100;

export type TrialReminderDeps = NoticeDeps & Pick<BillingDeps, 'now'> & { stripe?: { client: Stripe } };

/**
 * Background pass: the trial reminder (amount, date, how to cancel) for every plan trial that converts
 * within two days and was not reminded yet. Candidates come from the last sync (a trial's period ends
 * when the trial does); each is re-read from Stripe before it is mailed, so a trial cancelled or ended
 * meanwhile gets nothing. Stripe's `trial_will_end` (three days before) only refreshes the sync.
 * Returns how many reminders were mailed.
 */
export async function remindEndingTrials(deps: TrialReminderDeps): Promise<number> {
  if (!deps.stripe) return 0;
  const now = deps.now();
  const horizon = new Date(now.getTime() + TRIAL_REMINDER_BEFORE_MS);
  const due = await deps.db
    .select()
    .from(billingAccounts)
    .where(
      and(
        eq(billingAccounts.subscriptionStatus, 'trialing'),
        eq(billingAccounts.cancelAtPeriodEnd, false),
        isNotNull(billingAccounts.subscriptionId),
        lte(billingAccounts.periodEnd, horizon),
        // A trial already over is not reminded (and a row a lost webhook left "trialing" is not re-read forever).
        gt(billingAccounts.periodEnd, now),
        sql`not exists (select 1 from ${billingNotices} where ${billingNotices.key} = 'trial-ending:' || ${billingAccounts.subscriptionId})`,
      ),
    )
    .limit(TRIAL_REMINDERS_PER_PASS);
  let mailed = 0;
  for (const account of due) {
    try {
      if (await remindTrialEnd(deps, deps.stripe.client, account)) mailed++;
    } catch (error) {
      // Stripe unreachable: this account is due again on the next pass.
      deps.log.warn({ err: error, userId: account.userId }, 'trial reminder failed');
    }
  }
  return mailed;
}

/** One trial's reminder, if Stripe still shows it converting within two days; true when mailed now. */
async function remindTrialEnd(deps: TrialReminderDeps, client: Stripe, account: BillingAccountRow): Promise<boolean> {
  const subscription = await client.subscriptions.retrieve(account.subscriptionId!);
  if (subscription.status !== 'trialing' || subscription.cancel_at_period_end || !subscription.trial_end) return false;
  const left = subscription.trial_end * 1000 - deps.now().getTime();
  if (left <= 0 || left > TRIAL_REMINDER_BEFORE_MS) return false;
  const to = await recipientOf(deps, account);
  if (!to) return false;
  const amount = subscription.items.data.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1),
    0,
  );
  const mail = trialEndingMail(to.user.email, to.context, {
    amount,
    currency: subscription.currency,
    endsAt: subscription.trial_end,
  });
  const sent = await mailOnce(deps, `trial-ending:${subscription.id}`, mail);
  if (sent) deps.log.info({ userId: account.userId, subscription: subscription.id }, 'trial reminder mailed');
  return sent;
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
