/**
 * `POST /billing/checkout`. The client names a price; the server decides everything else: the price must
 * be one of ours and fit the mode, the line items and trial come from the server, an Email Plus lead must
 * be the caller's and still unpaid. A trial user buying the monthly plan is upgraded in place (the trial
 * ends now and the first full month is charged to the saved card): no second subscription, no detour.
 */
import { BILLING_MESSAGES, type CheckoutRequest, TRIAL_DAYS } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkouts, emailPlusOrders, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { providerCall } from './provider-call.ts';
import { settleInvoice } from './settle-invoice.ts';
import { pickSubscription, syncCustomer } from './sync-customer.ts';

type Kind = 'monthly' | 'trial' | 'plus';

function kindOf(deps: BillingDeps, request: CheckoutRequest): Kind {
  const { prices } = stripeOf(deps).settings;
  const kind: Kind | undefined =
    request.price_id === prices.monthly
      ? 'monthly'
      : request.price_id === prices.trialFee
        ? 'trial'
        : request.price_id === prices.plus
          ? 'plus'
          : undefined;
  if (!kind) throw new AppError('BILLING_INVALID_PRICE', BILLING_MESSAGES.unknownPrice);
  if (request.mode !== (kind === 'plus' ? 'payment' : 'subscription')) {
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
  const { client, settings } = stripeOf(deps);
  const kind = kindOf(deps, request);
  const lead = kind === 'plus' ? await ownLead(deps, user, request.meta?.lead_id) : undefined;
  const account = await ensureCustomer(deps, user);
  const base = deps.options.publicUrl;

  if (kind !== 'plus') {
    const list = await providerCall(deps, 'list subscriptions', () =>
      client.subscriptions.list({ customer: account.customerId, status: 'all', limit: 20 }),
    );
    const { live, ours } = pickSubscription(list.data, settings.prices.monthly);
    if (live?.status === 'trialing' && kind === 'monthly') return upgradeTrial(deps, user, live);
    if (live) throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.alreadySubscribed);
    if (kind === 'trial' && (account.trialUsed || ours.some((s) => s.trial_start !== null))) {
      throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.trialUsed);
    }
  }

  const params: Stripe.Checkout.SessionCreateParams = {
    customer: account.customerId,
    client_reference_id: user.id,
    success_url: `${base}/account/billing?status=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${base}/account/billing?status=cancel`,
    metadata: { user_id: user.id, plan: kind },
  };
  if (kind === 'plus') {
    params.mode = 'payment';
    params.line_items = [{ price: settings.prices.plus, quantity: 1 }];
    const metadata = {
      user_id: user.id,
      product: 'email_plus',
      lead_id: lead!.id,
      delivery_email: lead!.deliveryEmail,
    };
    params.metadata = metadata;
    params.payment_intent_data = { metadata };
  } else {
    params.mode = 'subscription';
    params.line_items = [{ price: settings.prices.monthly, quantity: 1 }];
    params.subscription_data = { metadata: { user_id: user.id } };
    if (kind === 'trial') {
      // The one-off fee is charged on the first invoice only; the monthly price starts after the trial.
      params.line_items.push({ price: settings.prices.trialFee, quantity: 1 });
      params.subscription_data.trial_period_days = TRIAL_DAYS;
    }
  }
  const session = await providerCall(deps, 'create checkout', () => client.checkout.sessions.create(params));
  if (!session.url) throw new AppError('PAYMENT_PROVIDER_FAILED', BILLING_MESSAGES.checkoutFailed);
  await deps.db.insert(checkouts).values({ id: session.id, userId: user.id, kind, orderId: lead?.id ?? null });
  return { url: session.url };
}

/** Ends the trial now: Stripe charges the first full month at once; its invoice and the plan are applied here. */
async function upgradeTrial(deps: BillingDeps, user: UserRow, subscription: Stripe.Subscription) {
  const { client } = stripeOf(deps);
  const updated = await providerCall(deps, 'end trial', () =>
    client.subscriptions.update(subscription.id, { trial_end: 'now' }),
  );
  const id = `upgrade:${subscription.id}:${Date.now()}`;
  await deps.db.insert(checkouts).values({ id, userId: user.id, kind: 'upgrade' });
  const customerId = typeof updated.customer === 'string' ? updated.customer : updated.customer.id;
  await syncCustomer(deps, customerId);
  const invoiceId = typeof updated.latest_invoice === 'string' ? updated.latest_invoice : updated.latest_invoice?.id;
  if (invoiceId) await settleInvoice(deps, invoiceId);
  await deps.db.update(checkouts).set({ status: 'completed', completedAt: deps.now() }).where(eq(checkouts.id, id));
  return { url: `${deps.options.publicUrl}/account/billing?status=success&session_id=${encodeURIComponent(id)}` };
}
