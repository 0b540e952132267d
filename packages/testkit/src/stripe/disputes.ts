/**
 * Disputes and extra invoices, for tests of what a payment's reversal takes back. A dispute is opened on
 * a charge (`charge.dispute.created`) and closed won or lost (`charge.dispute.closed`), as a cardholder's
 * bank and Stripe's process would; an extra invoice bills a subscription's items outside its cycle with
 * the billing_reason a test names (e.g. `manual`), to check what such invoices grant.
 */
import { invalid } from './errors.ts';
import { collect, newInvoice } from './invoices.ts';
import { formatMoney, productName } from './payments.ts';
import { newId, type Store } from './store.ts';
import type { BillingReason, FakeDispute, FakeInvoice } from './types.ts';

export function openDispute(store: Store, chargeId: string): FakeDispute {
  const charge = store.get(store.charges, chargeId, 'charge', 'charge');
  const dispute: FakeDispute = {
    id: newId('dp'),
    object: 'dispute',
    livemode: false,
    created: store.now(),
    metadata: {},
    amount: charge.amount,
    currency: charge.currency,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    reason: 'fraudulent',
    status: 'needs_response',
  };
  store.disputes.set(dispute.id, dispute);
  store.emit('charge.dispute.created', dispute);
  return dispute;
}

export function closeDispute(store: Store, disputeId: string, outcome: 'won' | 'lost'): FakeDispute {
  const dispute = store.get(store.disputes, disputeId, 'dispute');
  if (dispute.status === 'won' || dispute.status === 'lost') {
    throw invalid(`This dispute is already closed: ${dispute.id}.`, 'dispute');
  }
  dispute.status = outcome;
  store.emit('charge.dispute.closed', dispute);
  return dispute;
}

/** Bills the subscription's items now, off-session, as an invoice with this billing_reason. */
export function extraInvoice(store: Store, subscriptionId: string, reason: BillingReason): FakeInvoice {
  const sub = store.get(store.subscriptions, subscriptionId, 'subscription');
  const now = store.now();
  const lines = sub.items.data.map((item) => ({
    price: item.price,
    quantity: item.quantity,
    amount: item.price.unit_amount * item.quantity,
    description: `${item.quantity} × ${productName(store, item.price)} (at ${formatMoney(item.price.unit_amount, sub.currency)})`,
    item: item.id,
  }));
  const invoice = newInvoice(store, sub, reason, lines, now, now);
  store.emit('invoice.created', invoice);
  collect(store, invoice, true);
  return invoice;
}
