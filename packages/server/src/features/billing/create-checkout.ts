/**
 * `POST /billing/checkout`. The client names a price; the server decides everything else: the price must
 * be one of ours and fit the mode, the line items and trial come from the server, an Email Plus lead must
 * be the caller's and still unpaid. A trial user buying the monthly plan is upgraded in place (the trial
 * ends now and the first full month is charged to the saved card): no second subscription, no detour.
 */

import { randomBytes } from 'node:crypto';
import { BILLING_MESSAGES, type CheckoutRequest, TRIAL_DAYS } from '@hound/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { type BillingAccountRow, checkouts, emailPlusOrders, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { providerCall } from './provider-call.ts';
import { settleCheckout } from './settle-checkout.ts';
import { settleInvoice } from './settle-invoice.ts';
import { pickSubscription, syncCustomer } from './sync-customer.ts';
import { claimTrial, moveTrialClaim, releaseTrialClaim } from './trial-marker.ts';

type Kind = 'monthly' | 'trial' | 'plus' | 'credits';
const SUBSCRIPTION: ('monthly' | 'trial')[] = ['monthly', 'trial'];

function kindOf(deps: BillingDeps, request: CheckoutRequest): Kind {
  const { prices } = stripeOf(deps).settings;
  const kind: Kind | undefined =
    request.price_id === prices.monthly
      ? 'monthly'
      : request.price_id === prices.trialFee
        ? 'trial'
        : request.price_id === prices.plus
          ? 'plus'
          : prices.credits && request.price_id === prices.credits
            ? 'credits'
            : undefined;
  if (!kind) throw new AppError('BILLING_INVALID_PRICE', BILLING_MESSAGES.unknownPrice);
  // The plans and Email Plus are subscriptions (decision 108); a credit pack is a one-off payment (134).
  if (request.mode !== (kind === 'credits' ? 'payment' : 'subscription')) {
    throw new AppError('BILLING_INVALID_PRICE', BILLING_MESSAGES.modeMismatch);
  }
  return kind;
}

async function ownLead(deps: BillingDeps, user: UserRow, leadId: string | undefined) {
  if (!leadId) throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.leadRequired);
  const [lead] = await deps.db.select().from(emailPlusOrders).where(eq(emailPlusOrders.id, leadId));
  if (!lead) throw new AppError('NOT_FOUND', BILLING_MESSAGES.leadRequired);
  if (lead.userId !== user.id) throw new AppError('FORBIDDEN', BILLING_MESSAGES.leadNotYours);
  if (lead.status !== 'lead') throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.leadNotOpen);
  return lead;
}

export async function createCheckout(
  deps: BillingDeps,
  user: UserRow,
  request: CheckoutRequest,
): Promise<{ url: string }> {
  const kind = kindOf(deps, request);
  if (kind === 'plus') return plusCheckout(deps, user, request.meta?.lead_id);
  if (kind === 'credits') return packCheckout(deps, user);
  const account = await ensureCustomer(deps, user);
  // One open subscription checkout per user (a unique index): a request first claims the slot, so of
  // parallel requests one opens the session and the others get it (or a 409 while it is being opened).
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = `claim:${randomBytes(16).toString('base64url')}`;
    const [won] = await deps.db
      .insert(checkouts)
      .values({ id: claim, userId: user.id, kind })
      .onConflictDoNothing()
      .returning({ id: checkouts.id });
    if (!won) {
      const open = await reuseOpenCheckout(deps, user, kind);
      if (open) return open;
      continue;
    }
    let opened = false;
    try {
      const result = await openSubscriptionCheckout(deps, user, account, kind, claim);
      opened = result.opened;
      return { url: result.url };
    } finally {
      if (!opened) {
        await deps.db.delete(checkouts).where(eq(checkouts.id, claim));
        await releaseTrialClaim(deps.db, claim);
      }
    }
  }
  throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.checkoutInProgress);
}

/** What every hosted checkout of a user carries: the customer, who it is for, and where the browser returns. */
function sessionBase(deps: BillingDeps, user: UserRow, account: BillingAccountRow) {
  return {
    customer: account.customerId,
    client_reference_id: user.id,
    success_url: `${deps.options.publicUrl}/account/billing?status=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${deps.options.publicUrl}/account/billing?status=cancel`,
  } satisfies Stripe.Checkout.SessionCreateParams;
}

/**
 * A credit pack (issue 38 item 5b): a one-off payment of the configured price. The credits it adds are the
 * server's setting, written on the session by the server; a paid session adds them once (settle-checkout).
 * Several may be open at once: each can be paid once, and each payment buys its own pack.
 */
async function packCheckout(deps: BillingDeps, user: UserRow) {
  const { client, settings } = stripeOf(deps);
  const account = await ensureCustomer(deps, user);
  const metadata = { user_id: user.id, product: 'credits', credits: String(deps.options.packCredits) };
  const params: Stripe.Checkout.SessionCreateParams = {
    ...sessionBase(deps, user, account),
    mode: 'payment',
    line_items: [{ price: settings.prices.credits!, quantity: 1 }],
    metadata,
    payment_intent_data: { metadata },
  };
  const session = await providerCall(deps, 'create checkout', () => client.checkout.sessions.create(params));
  if (!session.url) throw new AppError('PAYMENT_PROVIDER_FAILED', BILLING_MESSAGES.checkoutFailed);
  await deps.db.insert(checkouts).values({ id: session.id, userId: user.id, kind: 'credits', url: session.url });
  return { url: session.url };
}

async function plusCheckout(deps: BillingDeps, user: UserRow, leadId: string | undefined) {
  const { client, settings } = stripeOf(deps);
  const lead = await ownLead(deps, user, leadId);
  // A second tab paying the same lead gets the checkout already open for it: one session can be paid once.
  const [open] = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.orderId, lead.id), eq(checkouts.userId, user.id), eq(checkouts.status, 'open')))
    .orderBy(desc(checkouts.createdAt))
    .limit(1);
  if (open?.url) {
    await providerCall(deps, 'read checkout', () => settleCheckout(deps, open.id));
    const [now] = await deps.db.select({ status: checkouts.status }).from(checkouts).where(eq(checkouts.id, open.id));
    if (now?.status === 'open') return { url: open.url };
    if (now?.status === 'completed') throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.leadNotOpen);
  }
  const account = await ensureCustomer(deps, user);
  const metadata = { user_id: user.id, product: 'email_plus', lead_id: lead.id, delivery_email: lead.deliveryEmail };
  // A subscription of its own, beside any plan subscription: its lead (target) travels on the
  // subscription, so every paid period's invoice finds what to search (open-period-order.ts).
  const params: Stripe.Checkout.SessionCreateParams = {
    ...sessionBase(deps, user, account),
    mode: 'subscription',
    line_items: [{ price: settings.prices.plus, quantity: 1 }],
    metadata,
    subscription_data: { metadata },
  };
  const session = await providerCall(deps, 'create checkout', () => client.checkout.sessions.create(params));
  if (!session.url) throw new AppError('PAYMENT_PROVIDER_FAILED', BILLING_MESSAGES.checkoutFailed);
  await deps.db
    .insert(checkouts)
    .values({ id: session.id, userId: user.id, kind: 'plus', orderId: lead.id, url: session.url });
  return { url: session.url };
}

/**
 * The slot is taken. A session already open for the same plan is answered again (only one can be paid);
 * one for the other plan is expired at Stripe to make room; a claim still being opened answers 409 (a
 * claim left by a crashed request frees itself after two minutes). Undefined: try to claim again.
 */
async function reuseOpenCheckout(deps: BillingDeps, user: UserRow, kind: Kind): Promise<{ url: string } | undefined> {
  const [open] = await deps.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.userId, user.id), eq(checkouts.status, 'open'), inArray(checkouts.kind, SUBSCRIPTION)));
  if (!open) return undefined;
  if (!open.url) {
    const stale = await deps.db
      .delete(checkouts)
      .where(
        and(
          eq(checkouts.id, open.id),
          isNull(checkouts.url),
          sql`${checkouts.createdAt} < now() - interval '2 minutes'`,
        ),
      )
      .returning({ id: checkouts.id });
    if (stale.length > 0) return undefined;
    throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.checkoutInProgress);
  }
  // Paid or expired meanwhile? Stripe knows; settling also applies a payment whose webhook is late.
  await providerCall(deps, 'read checkout', () => settleCheckout(deps, open.id));
  const [now] = await deps.db.select().from(checkouts).where(eq(checkouts.id, open.id));
  if (now?.status === 'completed') throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.alreadySubscribed);
  if (now?.status !== 'open') return undefined;
  if (open.kind === kind) return { url: open.url };
  const { client } = stripeOf(deps);
  try {
    await client.checkout.sessions.expire(open.id);
  } catch (error) {
    await providerCall(deps, 'read checkout', () => settleCheckout(deps, open.id));
    const [after] = await deps.db.select().from(checkouts).where(eq(checkouts.id, open.id));
    if (after?.status === 'completed') throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.alreadySubscribed);
    if (after?.status !== 'expired') return providerCall(deps, 'expire checkout', () => Promise.reject(error));
  }
  await deps.db
    .update(checkouts)
    .set({ status: 'expired' })
    .where(and(eq(checkouts.id, open.id), eq(checkouts.status, 'open')));
  await releaseTrialClaim(deps.db, open.id);
  return undefined;
}

/** Holding the slot: the plan rules against Stripe's state, then the session (or the in-place upgrade). */
async function openSubscriptionCheckout(
  deps: BillingDeps,
  user: UserRow,
  account: BillingAccountRow,
  kind: 'monthly' | 'trial',
  claim: string,
): Promise<{ url: string; opened: boolean }> {
  const { client, settings } = stripeOf(deps);
  const list = await providerCall(deps, 'list subscriptions', () =>
    client.subscriptions.list({ customer: account.customerId, status: 'all', limit: 20 }),
  );
  const { live, ours } = pickSubscription(list.data, settings.prices.monthly);
  if (live?.status === 'trialing' && kind === 'monthly')
    return { ...(await upgradeTrial(deps, user, live)), opened: false };
  if (live) throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.alreadySubscribed);
  if (kind === 'trial') {
    // The mailbox's trial is claimed now, before anything can be paid (decision 133): a second checkout
    // on another spelling of the same inbox finds it claimed, whichever is paid first.
    const used =
      account.trialUsed ||
      ours.some((s) => s.trial_start !== null) ||
      !(await claimTrial(deps.db, await deps.key(), user.email, claim));
    if (used) throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.trialUsed);
  }
  const params: Stripe.Checkout.SessionCreateParams = {
    ...sessionBase(deps, user, account),
    metadata: { user_id: user.id, plan: kind },
    mode: 'subscription',
    line_items: [{ price: settings.prices.monthly, quantity: 1 }],
    subscription_data: { metadata: { user_id: user.id } },
  };
  if (kind === 'trial') {
    // The one-off fee is charged on the first invoice only; the monthly price starts after the trial.
    params.line_items!.push({ price: settings.prices.trialFee, quantity: 1 });
    params.subscription_data!.trial_period_days = TRIAL_DAYS;
  }
  const session = await providerCall(deps, 'create checkout', () => client.checkout.sessions.create(params));
  if (!session.url) throw new AppError('PAYMENT_PROVIDER_FAILED', BILLING_MESSAGES.checkoutFailed);
  await deps.db.update(checkouts).set({ id: session.id, url: session.url }).where(eq(checkouts.id, claim));
  await moveTrialClaim(deps.db, claim, session.id);
  return { url: session.url, opened: true };
}

/**
 * Ends the trial now: Stripe charges the first full month at once; its invoice and the plan are applied
 * here. `error_if_incomplete`: a declined card leaves the subscription trialing (no past-due premium) and
 * answers 402 `PAYMENT_DECLINED` — the plan stays as it was (issue 27 item 3).
 */
async function upgradeTrial(deps: BillingDeps, user: UserRow, subscription: Stripe.Subscription) {
  const { client } = stripeOf(deps);
  const updated = await providerCall(deps, 'end trial', async () => {
    try {
      return await client.subscriptions.update(subscription.id, {
        trial_end: 'now',
        payment_behavior: 'error_if_incomplete',
      });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        deps.log.info({ userId: user.id, code: error.code }, 'trial upgrade declined');
        throw new AppError('PAYMENT_DECLINED', BILLING_MESSAGES.upgradeDeclined);
      }
      throw error;
    }
  });
  const id = `upgrade:${subscription.id}:${Date.now()}`;
  await deps.db.insert(checkouts).values({ id, userId: user.id, kind: 'upgrade' });
  const customerId = typeof updated.customer === 'string' ? updated.customer : updated.customer.id;
  await syncCustomer(deps, customerId);
  const invoiceId = typeof updated.latest_invoice === 'string' ? updated.latest_invoice : updated.latest_invoice?.id;
  if (invoiceId) await settleInvoice(deps, invoiceId);
  await deps.db.update(checkouts).set({ status: 'completed', completedAt: deps.now() }).where(eq(checkouts.id, id));
  return { url: `${deps.options.publicUrl}/account/billing?status=success&session_id=${encodeURIComponent(id)}` };
}
