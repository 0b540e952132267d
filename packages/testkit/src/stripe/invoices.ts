/**
 * Subscription invoices: created as drafts, finalised and charged by `collect`. A failed charge leaves the
 * invoice open with `next_payment_attempt` 3 days on (fake clock), for at most 3 retries.
 */
import { charge } from './payments.ts';
import { newId, type Store } from './store.ts';
import type { BillingReason, FakeInvoice, FakeInvoiceLine, FakePrice, FakeSubscription } from './types.ts';

export const DAY = 86_400;
/** One billing period. Stripe uses calendar months; 30 days keeps the arithmetic obvious in tests. */
export const PERIOD = 30 * DAY;
const RETRY_EVERY = 3 * DAY;
const MAX_RETRIES = 3;

export interface InvoiceLineInput {
  price: FakePrice;
  quantity: number;
  amount: number;
  description: string;
  item: string | null;
}

/** Stores a draft invoice of these lines for [start, end] and makes it the subscription's latest. */
export function newInvoice(
  store: Store,
  sub: FakeSubscription,
  reason: BillingReason,
  lines: InvoiceLineInput[],
  start: number,
  end: number,
): FakeInvoice {
  const customer = store.customers.get(sub.customer);
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
    created: store.now(),
    metadata: {},
    number: store.nextInvoiceNumber(),
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
    hosted_invoice_url: `${store.baseUrl}/invoices/${id}`,
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
  store.invoices.set(id, invoice);
  sub.latest_invoice = id;
  return invoice;
}

/** Charges an invoice (finalising a draft first). Returns whether it is paid. */
export function collect(store: Store, invoice: FakeInvoice, offSession: boolean): boolean {
  const now = store.now();
  if (invoice.status === 'draft') {
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = now;
  }
  invoice.attempted = true;
  invoice.attempt_count += 1;
  let paid = true;
  if (invoice.amount_due > 0) {
    const sub = store.subscriptions.get(invoice.parent!.subscription_details.subscription);
    const existing = invoice.payment_intent ? store.paymentIntents.get(invoice.payment_intent) : undefined;
    const intent = charge(
      store,
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
    store.emit('invoice.paid', invoice);
    store.emit('invoice.payment_succeeded', invoice);
  } else {
    invoice.next_payment_attempt = invoice.attempt_count <= MAX_RETRIES ? now + RETRY_EVERY : null;
    store.emit('invoice.payment_failed', invoice);
  }
  return paid;
}
