/**
 * What happens to money: paying a checkout, subscription trials, renewals, failed charges and their
 * retries, cancellations, refunds — and the clock that makes them fall due. Each change creates the
 * events Stripe would, in Stripe's order, with `previous_attributes` on `customer.subscription.updated`.
 *
 * Simplifications (documented, deliberate): a billing period is 30 days; due work runs only inside
 * `advance()` (never on a timer), so a test decides exactly when a trial ends; a failed invoice is
 * retried 3 days after each failure, 3 times, then the subscription is canceled and the invoice left open.
 */
import { ApiError, invalid, required } from './errors.ts';
import type { Params } from './params.ts';
import { copy, newId, type Store } from './store.ts';
import type {
  BillingReason,
  CheckoutOutcome,
  FakeCharge,
  FakeCheckoutSession,
  FakeCustomer,
  FakeInvoice,
  FakeInvoiceLine,
  FakePaymentIntent,
  FakePaymentMethod,
  FakePrice,
  FakeRefund,
  FakeSubscription,
  FakeSubscriptionItem,
} from './types.ts';

export const DAY = 86_400;
/** One billing period. Stripe uses calendar months; 30 days keeps the arithmetic obvious in tests. */
export const PERIOD = 30 * DAY;
const RETRY_EVERY = 3 * DAY;
const MAX_RETRIES = 3;
const TRIAL_WARNING = 3 * DAY;

export const CARD_OK = '4242424242424242';
export const CARD_DECLINED = '4000000000000002';
export const DECLINED_MESSAGE = 'Your card was declined.';
export const INVALID_CARD_MESSAGE = 'Your card number is invalid.';

export function cardDigits(card: string): string {
  return card.replace(/[\s-]/g, '');
}

export function formatMoney(amount: number, currency: string): string {
  const symbol = currency === 'gbp' ? '£' : `${currency.toUpperCase()} `;
  return `${symbol}${(amount / 100).toFixed(2)}`;
}

/** Top-level fields of `before` that differ in `after`, with their old values (Stripe's previous_attributes). */
function changes(before: object, after: object): Record<string, unknown> {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const previous: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) previous[key] = old[key] ?? null;
  }
  return previous;
}

const LIVE = new Set(['trialing', 'active', 'past_due']);

export class Billing {
  constructor(private readonly store: Store) {}

  private productName(price: FakePrice): string {
    return this.store.products.get(price.product)?.name ?? price.id;
  }

  /** Runs `change` and emits `customer.subscription.updated` if it changed anything visible. */
  private updating(sub: FakeSubscription, change: () => void): void {
    const before = copy(sub);
    change();
    const previous = changes(before, sub);
    if (Object.keys(previous).length > 0) this.store.emit('customer.subscription.updated', sub, previous);
  }

  // ---- checkout -------------------------------------------------------------------------------------

  /** Lazily expires a session whose time is up (the clock may have moved past it). */
  expireIfDue(session: FakeCheckoutSession): void {
    if (session.status === 'open' && this.store.now() >= session.expires_at) this.expire(session);
  }

  expire(session: FakeCheckoutSession): void {
    if (session.status !== 'open') {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        'session',
        'checkout_session_not_open',
      );
    }
    session.status = 'expired';
    session.url = null;
    this.store.emit('checkout.session.expired', session);
  }

  /** The hosted page's Pay button: validates the card, then completes the session. */
  pay(sessionId: string, card: string): CheckoutOutcome {
    const session = this.store.get(this.store.sessions, sessionId, 'checkout.session');
    this.expireIfDue(session);
    if (session.status !== 'open') {
      const message =
        session.status === 'expired' ? 'This checkout session has expired.' : 'This checkout session is already paid.';
      return { outcome: 'not_open', message, session: copy(session) };
    }
    const digits = cardDigits(card);
    if (digits === CARD_DECLINED) return { outcome: 'declined', message: DECLINED_MESSAGE, session: copy(session) };
    if (digits !== CARD_OK) return { outcome: 'invalid_card', message: INVALID_CARD_MESSAGE, session: copy(session) };

    const customer = session.customer
      ? this.store.get(this.store.customers, session.customer, 'customer')
      : this.newCustomer(session.customer_email);
    session.customer = customer.id;
    const method = this.newPaymentMethod(customer.id, digits);
    if (session.mode === 'subscription') this.startSubscription(session, customer, method);
    else this.takePayment(session, customer, method);
    session.status = 'complete';
    session.payment_status = session.amount_total === 0 ? 'no_payment_required' : 'paid';
    session.url = null;
    this.store.emit('checkout.session.completed', session);
    const redirectUrl = session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', session.id) ?? null;
    return { outcome: 'paid', redirectUrl, session: copy(session) };
  }

  newCustomer(email: string | null, name: string | null = null, metadata: Record<string, string> = {}): FakeCustomer {
    const id = newId('cus', 14);
    const customer: FakeCustomer = {
      id,
      object: 'customer',
      livemode: false,
      created: this.store.now(),
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
    this.store.customers.set(id, customer);
    this.store.emit('customer.created', customer);
    return customer;
  }

  private newPaymentMethod(customer: string, digits: string): FakePaymentMethod {
    const method: FakePaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      livemode: false,
      created: this.store.now(),
      customer,
      type: 'card',
      card: {
        brand: 'visa',
        last4: digits.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'GB',
      },
      metadata: {},
    };
    this.store.paymentMethods.set(method.id, method);
    return method;
  }

  private takePayment(session: FakeCheckoutSession, customer: FakeCustomer, method: FakePaymentMethod): void {
    const plan = this.store.sessionPlans.get(session.id)!;
    const intent = this.charge(customer.id, session.amount_total, method.id, {
      offSession: false,
      metadata: plan.paymentIntentMetadata,
      description: plan.lines.map((l) => this.productName(this.store.prices.get(l.price)!)).join(', '),
    });
    session.payment_intent = intent.id;
    this.store.emit('payment_intent.succeeded', intent);
  }

  private startSubscription(session: FakeCheckoutSession, customer: FakeCustomer, method: FakePaymentMethod): void {
    const plan = this.store.sessionPlans.get(session.id)!;
    const now = this.store.now();
    const trialEnd = plan.trialDays ? now + plan.trialDays * DAY : null;
    const periodEnd = trialEnd ?? now + PERIOD;
    const id = newId('sub');
    const lines = plan.lines.map((line) => ({ ...line, price: this.store.prices.get(line.price)! }));
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
    this.store.subscriptions.set(id, sub);
    // Recurring lines are free during a trial; one-time prices appear on this first invoice only.
    const invoiceLines = lines.map((line) => {
      const item = items.find((i) => i.price.id === line.price.id);
      const recurring = line.price.type === 'recurring';
      const amount = recurring && trialEnd ? 0 : line.price.unit_amount * line.quantity;
      const description =
        recurring && trialEnd
          ? `Trial period for ${this.productName(line.price)}`
          : `${line.quantity} × ${this.productName(line.price)}`;
      return { price: line.price, quantity: line.quantity, amount, description, item: item?.id ?? null };
    });
    const invoice = this.newInvoice(sub, 'subscription_create', invoiceLines, now, recurringEnd(items, now));
    session.subscription = sub.id;
    session.invoice = invoice.id;
    this.store.emit('customer.subscription.created', sub);
    this.store.emit('invoice.created', invoice);
    this.collect(invoice, false);
  }

  // ---- invoices and charges -------------------------------------------------------------------------

  private newInvoice(
    sub: FakeSubscription,
    reason: BillingReason,
    lines: { price: FakePrice; quantity: number; amount: number; description: string; item: string | null }[],
    start: number,
    end: number,
  ): FakeInvoice {
    const customer = this.store.customers.get(sub.customer);
    const id = newId('in');
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const invoiceLines: FakeInvoiceLine[] = lines.map((line) => ({
      id: newId('il'),
      object: 'line_item',
      livemode: false,
      amount: line.amount,
      subtotal: line.amount,
      currency: sub.currency,
      description: line.description,
      quantity: line.quantity,
      invoice: id,
      metadata: {},
      period: line.price.type === 'recurring' ? { start, end } : { start, end: start },
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: line.price.product },
        unit_amount_decimal: String(line.price.unit_amount),
      },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: sub.id, subscription_item: line.item, proration: false },
      },
    }));
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      livemode: false,
      created: this.store.now(),
      metadata: {},
      number: this.store.nextInvoiceNumber(),
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      status: 'draft',
      collection_method: 'charge_automatically',
      billing_reason: reason,
      currency: sub.currency,
      subtotal: total,
      total,
      amount_due: total,
      amount_paid: 0,
      amount_remaining: total,
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      payment_intent: null,
      hosted_invoice_url: `${this.store.baseUrl}/invoices/${id}`,
      invoice_pdf: null,
      description: null,
      period_start: start,
      period_end: end,
      lines: { object: 'list', data: invoiceLines, has_more: false, url: `/v1/invoices/${id}/lines` },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      status_transitions: { finalized_at: null, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    };
    this.store.invoices.set(id, invoice);
    sub.latest_invoice = id;
    return invoice;
  }

  /** Charges an invoice (finalising a draft first). Returns whether it is paid. */
  private collect(invoice: FakeInvoice, offSession: boolean): boolean {
    const now = this.store.now();
    if (invoice.status === 'draft') {
      invoice.status = 'open';
      invoice.status_transitions.finalized_at = now;
    }
    invoice.attempted = true;
    invoice.attempt_count += 1;
    let paid = true;
    if (invoice.amount_due > 0) {
      const sub = this.store.subscriptions.get(invoice.parent!.subscription_details.subscription);
      const existing = invoice.payment_intent ? this.store.paymentIntents.get(invoice.payment_intent) : undefined;
      const intent = this.charge(
        invoice.customer,
        invoice.amount_due,
        sub?.default_payment_method ?? null,
        { offSession, metadata: {}, description: `Invoice ${invoice.number}` },
        existing,
      );
      invoice.payment_intent = intent.id;
      paid = intent.status === 'succeeded';
    }
    if (paid) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = now;
      this.store.emit('invoice.paid', invoice);
      this.store.emit('invoice.payment_succeeded', invoice);
    } else {
      invoice.next_payment_attempt = invoice.attempt_count <= MAX_RETRIES ? now + RETRY_EVERY : null;
      this.store.emit('invoice.payment_failed', invoice);
    }
    return paid;
  }

  /** A payment intent for `amount`; off-session charges fail for customers marked by `failPaymentsFor`. */
  private charge(
    customer: string | null,
    amount: number,
    method: string | null,
    options: { offSession: boolean; metadata: Record<string, string>; description: string },
    existing?: FakePaymentIntent,
  ): FakePaymentIntent {
    const now = this.store.now();
    const intent: FakePaymentIntent = existing ?? {
      id: newId('pi'),
      object: 'payment_intent',
      livemode: false,
      created: now,
      metadata: { ...options.metadata },
      amount,
      amount_received: 0,
      currency: 'gbp',
      customer,
      description: options.description,
      status: 'requires_payment_method',
      payment_method: method,
      latest_charge: null,
      last_payment_error: null,
    };
    this.store.paymentIntents.set(intent.id, intent);
    if (options.offSession && customer && this.store.failing.has(customer)) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      };
      return intent;
    }
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      livemode: false,
      created: now,
      metadata: { ...intent.metadata },
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      status: 'succeeded',
      currency: intent.currency,
      customer,
      payment_intent: intent.id,
      payment_method: method,
    };
    this.store.charges.set(charge.id, charge);
    intent.status = 'succeeded';
    intent.amount_received = amount;
    intent.latest_charge = charge.id;
    intent.last_payment_error = null;
    return intent;
  }

  /** A full-period invoice for the subscription's items over [start, end], charged off-session. */
  private cycle(sub: FakeSubscription, reason: BillingReason, start: number, end: number): boolean {
    for (const item of sub.items.data) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
    const lines = sub.items.data.map((item) => ({
      price: item.price,
      quantity: item.quantity,
      amount: item.price.unit_amount * item.quantity,
      description: `${item.quantity} × ${this.productName(item.price)} (at ${formatMoney(item.price.unit_amount, sub.currency)} / month)`,
      item: item.id,
    }));
    const invoice = this.newInvoice(sub, reason, lines, start, end);
    this.store.emit('invoice.created', invoice);
    const paid = this.collect(invoice, true);
    sub.status = paid ? 'active' : 'past_due';
    return paid;
  }

  // ---- subscriptions --------------------------------------------------------------------------------

  /** `POST /v1/subscriptions/:id`: metadata, cancel_at_period_end, trial_end ('now' or a later timestamp). */
  updateSubscription(sub: FakeSubscription, params: Params): void {
    const trialEnd = params.string('trial_end');
    const cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
    if (sub.status === 'canceled' && (trialEnd !== undefined || cancelAtPeriodEnd !== undefined)) {
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
        trialEnd !== undefined ? 'trial_end' : 'cancel_at_period_end',
      );
    }
    let later: number | undefined;
    if (trialEnd !== undefined && trialEnd !== 'now') {
      later = params.integer('trial_end', this.store.now() + 1);
      if (sub.status !== 'trialing') {
        throw invalid('trial_end can only be moved while the subscription is trialing.', 'trial_end');
      }
    }
    const metadata = params.metadata('metadata', sub.metadata);
    this.updating(sub, () => {
      sub.metadata = metadata;
      if (trialEnd === 'now' && sub.status === 'trialing') this.endTrialNow(sub);
      if (later !== undefined) {
        sub.trial_end = later;
        sub.billing_cycle_anchor = later;
        for (const item of sub.items.data) item.current_period_end = later;
      }
      if (cancelAtPeriodEnd !== undefined) this.applyCancelAtPeriodEnd(sub, cancelAtPeriodEnd);
    });
  }

  /** The portal's "Cancel subscription" / "Renew subscription". */
  setCancelAtPeriodEnd(sub: FakeSubscription, on: boolean): void {
    if (!LIVE.has(sub.status)) return;
    this.updating(sub, () => this.applyCancelAtPeriodEnd(sub, on));
  }

  private applyCancelAtPeriodEnd(sub: FakeSubscription, on: boolean): void {
    sub.cancel_at_period_end = on;
    sub.cancel_at = on ? periodEnd(sub) : null;
    sub.canceled_at = on ? this.store.now() : null;
    sub.cancellation_details.reason = on ? 'cancellation_requested' : null;
  }

  /** trial_end=now: the first full-price invoice today and a new period from now. */
  private endTrialNow(sub: FakeSubscription): void {
    const now = this.store.now();
    if (!this.store.trialWarned.has(sub.id)) {
      this.store.trialWarned.add(sub.id);
      this.store.emit('customer.subscription.trial_will_end', sub);
    }
    sub.trial_end = now;
    sub.billing_cycle_anchor = now;
    this.cycle(sub, 'subscription_update', now, now + PERIOD);
  }

  /** `DELETE /v1/subscriptions/:id` and the end of the retry schedule. */
  cancel(sub: FakeSubscription, reason: 'cancellation_requested' | 'payment_failed', atPeriodEnd = false): void {
    if (sub.status === 'canceled') {
      throw invalid(`This subscription has already been canceled: ${sub.id}.`, 'id', 'resource_already_canceled');
    }
    const now = this.store.now();
    sub.status = 'canceled';
    sub.ended_at = now;
    // A cancellation scheduled earlier keeps the time it was asked for, as Stripe reports it.
    if (!atPeriodEnd || sub.canceled_at === null) sub.canceled_at = now;
    sub.cancellation_details.reason = reason;
    // No more retries for an ended subscription's unpaid invoices.
    for (const invoice of this.store.invoices.values()) {
      if (invoice.parent?.subscription_details.subscription === sub.id) invoice.next_payment_attempt = null;
    }
    this.store.emit('customer.subscription.deleted', sub);
  }

  // ---- refunds --------------------------------------------------------------------------------------

  refund(params: Params): FakeRefund {
    const chargeId = params.string('charge');
    const intentId = params.string('payment_intent');
    if (!chargeId && !intentId) throw required('payment_intent');
    let charge: FakeCharge | undefined;
    if (intentId) {
      const intent = this.store.get(this.store.paymentIntents, intentId, 'payment_intent', 'payment_intent');
      charge = intent.latest_charge ? this.store.charges.get(intent.latest_charge) : undefined;
      if (!charge || intent.status !== 'succeeded') {
        throw invalid(
          `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
          'payment_intent',
          'charge_not_refundable',
        );
      }
    } else {
      charge = this.store.get(this.store.charges, chargeId!, 'charge', 'charge');
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining === 0) {
      throw new ApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const amount = params.integer('amount', 1) ?? remaining;
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${formatMoney(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatMoney(remaining, charge.currency)})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      livemode: false,
      created: this.store.now(),
      metadata: params.metadata(),
      amount,
      currency: charge.currency,
      status: 'succeeded',
      reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      payment_intent: charge.payment_intent,
      charge: charge.id,
    };
    this.store.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.store.emit('refund.created', refund);
    this.store.emit('charge.refunded', charge);
    return refund;
  }

  // ---- the clock ------------------------------------------------------------------------------------

  /** Moves the clock `seconds` forward, running each due step at its own time, oldest first. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advanceClock needs seconds ≥ 0');
    const target = this.store.now() + Math.floor(seconds);
    try {
      for (let guard = 0; guard < 100_000; guard++) {
        const next = this.nextDue(target);
        if (!next) break;
        this.store.setClock(next.at, true);
        next.run();
      }
    } finally {
      this.store.setClock(target);
    }
    return this.store.now();
  }

  private nextDue(target: number): { at: number; run: () => void } | undefined {
    let best: { at: number; run: () => void } | undefined;
    const consider = (at: number, run: () => void) => {
      if (at <= target && (!best || at < best.at)) best = { at, run };
    };
    for (const session of this.store.sessions.values()) {
      if (session.status === 'open') consider(session.expires_at, () => this.expire(session));
    }
    for (const sub of this.store.subscriptions.values()) {
      if (sub.status !== 'trialing' || sub.trial_end === null || sub.trial_start === null) continue;
      const warnAt = sub.trial_end - TRIAL_WARNING;
      if (!this.store.trialWarned.has(sub.id) && warnAt > sub.trial_start) {
        consider(warnAt, () => {
          this.store.trialWarned.add(sub.id);
          this.store.emit('customer.subscription.trial_will_end', sub);
        });
      }
    }
    for (const invoice of this.store.invoices.values()) {
      const at = invoice.next_payment_attempt;
      if (invoice.status === 'open' && at !== null) consider(at, () => this.retry(invoice));
    }
    for (const sub of this.store.subscriptions.values()) {
      if (LIVE.has(sub.status)) consider(periodEnd(sub), () => this.endPeriod(sub));
    }
    return best;
  }

  private endPeriod(sub: FakeSubscription): void {
    if (sub.cancel_at_period_end) {
      this.cancel(sub, 'cancellation_requested', true);
      return;
    }
    const start = periodEnd(sub);
    this.updating(sub, () => this.cycle(sub, 'subscription_cycle', start, start + PERIOD));
  }

  private retry(invoice: FakeInvoice): void {
    const sub = this.store.subscriptions.get(invoice.parent!.subscription_details.subscription)!;
    this.updating(sub, () => {
      const paid = this.collect(invoice, true);
      if (paid && sub.status === 'past_due') sub.status = 'active';
    });
    if (invoice.status === 'open' && invoice.next_payment_attempt === null && sub.status !== 'canceled') {
      this.cancel(sub, 'payment_failed');
    }
  }
}

function periodEnd(sub: FakeSubscription): number {
  return Math.min(...sub.items.data.map((item) => item.current_period_end));
}

function recurringEnd(items: FakeSubscriptionItem[], fallback: number): number {
  return items[0]?.current_period_end ?? fallback;
}
