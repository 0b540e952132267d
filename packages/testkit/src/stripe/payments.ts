/**
 * Money movements: a payment intent per charge (with its charge, or the decline), refunds, and the
 * test cards the hosted page accepts. Off-session charges fail for customers marked by `failPaymentsFor`.
 */
import { ApiError, invalid, required } from './errors.ts';
import type { Params } from './params.ts';
import { newId, type Store } from './store.ts';
import type { FakeCharge, FakePaymentIntent, FakePaymentMethod, FakePrice, FakeRefund } from './types.ts';

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

export function productName(store: Store, price: FakePrice): string {
  return store.products.get(price.product)?.name ?? price.id;
}

export function newPaymentMethod(store: Store, customer: string, digits: string): FakePaymentMethod {
  const method: FakePaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    livemode: false,
    created: store.now(),
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
  store.paymentMethods.set(method.id, method);
  return method;
}

/** A payment intent for `amount`; off-session charges fail for customers marked by `failPaymentsFor`. */
export function charge(
  store: Store,
  customer: string | null,
  amount: number,
  method: string | null,
  options: { offSession: boolean; metadata: Record<string, string>; description: string },
  existing?: FakePaymentIntent,
): FakePaymentIntent {
  const now = store.now();
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
  store.paymentIntents.set(intent.id, intent);
  if (options.offSession && customer && store.failing.has(customer)) {
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
  store.charges.set(charge.id, charge);
  intent.status = 'succeeded';
  intent.amount_received = amount;
  intent.latest_charge = charge.id;
  intent.last_payment_error = null;
  return intent;
}

export function refund(store: Store, params: Params): FakeRefund {
  const chargeId = params.string('charge');
  const intentId = params.string('payment_intent');
  if (!chargeId && !intentId) throw required('payment_intent');
  let charge: FakeCharge | undefined;
  if (intentId) {
    const intent = store.get(store.paymentIntents, intentId, 'payment_intent', 'payment_intent');
    charge = intent.latest_charge ? store.charges.get(intent.latest_charge) : undefined;
    if (!charge || intent.status !== 'succeeded') {
      throw invalid(
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    }
  } else {
    charge = store.get(store.charges, chargeId!, 'charge', 'charge');
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
    created: store.now(),
    metadata: params.metadata(),
    amount,
    currency: charge.currency,
    status: 'succeeded',
    reason: params.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    payment_intent: charge.payment_intent,
    charge: charge.id,
  };
  store.refunds.set(refund.id, refund);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  store.emit('refund.created', refund);
  store.emit('charge.refunded', charge);
  return refund;
}
