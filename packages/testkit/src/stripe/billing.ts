/**
 * Subscriptions over time: updates (trial_end, cancel_at_period_end, metadata), cancellation, and the
 * clock that makes trial ends, renewals, retries of failed charges, period-end cancellations and session
 * expiries fall due. Each change creates the events Stripe would, in Stripe's order, with
 * `previous_attributes` on `customer.subscription.updated`.
 *
 * Simplifications (documented, deliberate): a billing period is 30 days; a declined `trial_end=now` with
 * `payment_behavior=error_if_incomplete` leaves no invoice or payment behind (Stripe voids them); due work runs only inside
 * `advance()` (never on a timer), so a test decides exactly when a trial ends; a failed invoice is
 * retried 3 days after each failure, 3 times, then the subscription is canceled and the invoice left open.
 */
import { expire } from './checkout.ts';
import { ApiError, invalid } from './errors.ts';
import { collect, DAY, newInvoice, PERIOD } from './invoices.ts';
import type { Params } from './params.ts';
import { formatMoney, productName } from './payments.ts';
import { copy, type Store } from './store.ts';
import type { BillingReason, FakeInvoice, FakeSubscription } from './types.ts';

const TRIAL_WARNING = 3 * DAY;

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

  /** Runs `change` and emits `customer.subscription.updated` if it changed anything visible. */
  private updating(sub: FakeSubscription, change: () => void): void {
    const before = copy(sub);
    change();
    const previous = changes(before, sub);
    if (Object.keys(previous).length > 0) this.store.emit('customer.subscription.updated', sub, previous);
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
      description: `${item.quantity} × ${productName(this.store, item.price)} (at ${formatMoney(item.price.unit_amount, sub.currency)} / month)`,
      item: item.id,
    }));
    const invoice = newInvoice(this.store, sub, reason, lines, start, end);
    this.store.emit('invoice.created', invoice);
    const paid = collect(this.store, invoice, true);
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
    // `payment_behavior=error_if_incomplete`: an update whose payment is declined is not applied; Stripe
    // answers the card error (402) and the subscription stays as it was.
    const behavior = params.string('payment_behavior');
    if (
      behavior === 'error_if_incomplete' &&
      trialEnd === 'now' &&
      sub.status === 'trialing' &&
      this.store.failing.has(sub.customer)
    ) {
      throw new ApiError(402, 'card_error', 'Your card has insufficient funds.', 'card_declined');
    }
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
      if (session.status === 'open') consider(session.expires_at, () => expire(this.store, session));
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
      const paid = collect(this.store, invoice, true);
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
