/**
 * Paying a Checkout Session (the hosted page's Pay button): a payment-mode session becomes a succeeded
 * payment intent; a subscription-mode one becomes a subscription (trialing when the session asked for a
 * trial) with its first invoice paid on the spot. Also the session's expiry.
 */
import { invalid } from './errors.ts';
import { collect, DAY, newInvoice, PERIOD } from './invoices.ts';
import {
  CARD_DECLINED,
  CARD_OK,
  cardDigits,
  charge,
  DECLINED_MESSAGE,
  INVALID_CARD_MESSAGE,
  newPaymentMethod,
  productName,
} from './payments.ts';
import { copy, newId, type Store } from './store.ts';
import type {
  CheckoutOutcome,
  FakeCheckoutSession,
  FakeCustomer,
  FakePaymentMethod,
  FakeSubscription,
  FakeSubscriptionItem,
} from './types.ts';

/** Lazily expires a session whose time is up (the clock may have moved past it). */
export function expireIfDue(store: Store, session: FakeCheckoutSession): void {
  if (session.status === 'open' && store.now() >= session.expires_at) expire(store, session);
}

export function expire(store: Store, session: FakeCheckoutSession): void {
  if (session.status !== 'open') {
    throw invalid(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      'session',
      'checkout_session_not_open',
    );
  }
  session.status = 'expired';
  session.url = null;
  store.emit('checkout.session.expired', session);
}

/** The hosted page's Pay button: validates the card, then completes the session. */
export function pay(store: Store, sessionId: string, card: string): CheckoutOutcome {
  const session = store.get(store.sessions, sessionId, 'checkout.session');
  expireIfDue(store, session);
  if (session.status !== 'open') {
    const message =
      session.status === 'expired' ? 'This checkout session has expired.' : 'This checkout session is already paid.';
    return { outcome: 'not_open', message, session: copy(session) };
  }
  const digits = cardDigits(card);
  if (digits === CARD_DECLINED) return { outcome: 'declined', message: DECLINED_MESSAGE, session: copy(session) };
  if (digits !== CARD_OK) return { outcome: 'invalid_card', message: INVALID_CARD_MESSAGE, session: copy(session) };

  const customer = session.customer
    ? store.get(store.customers, session.customer, 'customer')
    : newCustomer(store, session.customer_email);
  session.customer = customer.id;
  const method = newPaymentMethod(store, customer.id, digits);
  if (session.mode === 'subscription') startSubscription(store, session, customer, method);
  else takePayment(store, session, customer, method);
  session.status = 'complete';
  session.payment_status = session.amount_total === 0 ? 'no_payment_required' : 'paid';
  session.url = null;
  store.emit('checkout.session.completed', session);
  const redirectUrl = session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
  return { outcome: 'paid', redirectUrl, session: copy(session) };
}

/** A new customer (`POST /v1/customers`, or a checkout paid without one), announced by `customer.created`. */
export function newCustomer(
  store: Store,
  email: string | null,
  name: string | null = null,
  metadata: Record<string, string> = {},
): FakeCustomer {
  const id = newId('cus', 14);
  const customer: FakeCustomer = {
    id,
    object: 'customer',
    livemode: false,
    created: store.now(),
    metadata,
    email,
    name,
    description: null,
    balance: 0,
    currency: null,
    delinquent: false,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: { default_payment_method: null },
  };
  store.customers.set(id, customer);
  store.emit('customer.created', customer);
  return customer;
}

function takePayment(
  store: Store,
  session: FakeCheckoutSession,
  customer: FakeCustomer,
  method: FakePaymentMethod,
): void {
  const plan = store.sessionPlans.get(session.id)!;
  const intent = charge(store, customer.id, session.amount_total, method.id, {
    offSession: false,
    metadata: plan.paymentIntentMetadata,
    description: plan.lines.map((l) => productName(store, store.prices.get(l.price)!)).join(', '),
  });
  session.payment_intent = intent.id;
  store.emit('payment_intent.succeeded', intent);
}

function startSubscription(
  store: Store,
  session: FakeCheckoutSession,
  customer: FakeCustomer,
  method: FakePaymentMethod,
): void {
  const plan = store.sessionPlans.get(session.id)!;
  const now = store.now();
  const trialEnd = plan.trialDays ? now + plan.trialDays * DAY : null;
  const periodEnd = trialEnd ?? now + PERIOD;
  const id = newId('sub');
  const lines = plan.lines.map((line) => ({ ...line, price: store.prices.get(line.price)! }));
  const items: FakeSubscriptionItem[] = lines
    .filter((line) => line.price.type === 'recurring')
    .map((line) => ({
      id: newId('si', 14),
      object: 'subscription_item',
      created: now,
      metadata: {},
      price: copy(line.price),
      quantity: line.quantity,
      subscription: id,
      current_period_start: now,
      current_period_end: periodEnd,
    }));
  const sub: FakeSubscription = {
    id,
    object: 'subscription',
    livemode: false,
    created: now,
    metadata: { ...plan.subscriptionMetadata },
    customer: customer.id,
    status: trialEnd ? 'trialing' : 'active',
    currency: session.currency,
    collection_method: 'charge_automatically',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { reason: null, comment: null, feedback: null },
    start_date: now,
    billing_cycle_anchor: periodEnd,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    latest_invoice: null,
    default_payment_method: method.id,
    items: { object: 'list', data: items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
  };
  store.subscriptions.set(id, sub);
  // Recurring lines are free during a trial; one-time prices appear on this first invoice only.
  const invoiceLines = lines.map((line) => {
    const item = items.find((i) => i.price.id === line.price.id);
    const recurring = line.price.type === 'recurring';
    const amount = recurring && trialEnd ? 0 : line.price.unit_amount * line.quantity;
    const description =
      recurring && trialEnd
        ? `Trial period for ${productName(store, line.price)}`
        : `${line.quantity} × ${productName(store, line.price)}`;
    return { price: line.price, quantity: line.quantity, amount, description, item: item?.id ?? null };
  });
  const invoice = newInvoice(store, sub, 'subscription_create', invoiceLines, now, periodEnd);
  session.subscription = sub.id;
  session.invoice = invoice.id;
  store.emit('customer.subscription.created', sub);
  store.emit('invoice.created', invoice);
  collect(store, invoice, false);
}
