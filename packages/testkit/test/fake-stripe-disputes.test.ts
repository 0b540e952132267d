/**
 * The fake Stripe's reversal tools, through the real SDK: disputes opened and closed (with their events),
 * invoice payments linking a charge's payment intent to its invoice, extra invoices with a chosen
 * billing_reason, and the outage switch (every API call answers 500 while on).
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../src/index.ts';

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe(fake.secretKey, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
});
afterAll(() => fake?.close());

async function monthlySubscriber() {
  const customer = await stripe.customers.create({ email: 'payer@example.com' });
  const session = await stripe.checkout.sessions.create({
    customer: customer.id,
    mode: 'subscription',
    line_items: [{ price: fake.prices.monthly, quantity: 1 }],
    success_url: 'http://hound.test/ok',
  });
  expect((await fake.completeCheckout(session.id)).outcome).toBe('paid');
  const subscription = fake.subscriptions().find((s) => s.customer === customer.id)!;
  return { customer, subscription };
}

describe('fake Stripe: disputes, invoice payments, extra invoices, outage', () => {
  it("links an invoice's payment intent to the invoice, and opens and closes a dispute with its events", async () => {
    const { subscription } = await monthlySubscriber();
    const invoice = fake.invoices().find((i) => i.id === subscription.latest_invoice)!;
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: invoice.payment_intent! },
    });
    expect(payments.data.map((p) => p.invoice)).toEqual([invoice.id]);
    const charge = (await stripe.paymentIntents.retrieve(invoice.payment_intent!)).latest_charge as string;
    const dispute = fake.openDispute(charge);
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ charge, status: 'needs_response' });
    fake.closeDispute(dispute.id, 'lost');
    expect((await stripe.disputes.retrieve(dispute.id)).status).toBe('lost');
    expect(() => fake.closeDispute(dispute.id, 'won')).toThrow(/already closed/);
    const types = fake.events().map((e) => e.type);
    expect(types).toContain('charge.dispute.created');
    expect(types).toContain('charge.dispute.closed');
  });

  it('refunds, opens and closes disputes over /_fake (for another process), with clear errors', async () => {
    const post = async (path: string, body: unknown) => {
      const answer = await fetch(`${fake.url}/_fake${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: answer.status, json: (await answer.json()) as Record<string, unknown> };
    };
    const first = await monthlySubscriber();
    const intent = fake.invoices().find((i) => i.id === first.subscription.latest_invoice)!.payment_intent!;
    const partial = await post('/refund', { payment_intent: intent, amount: 100 });
    expect(partial).toMatchObject({ status: 200, json: { object: 'refund', amount: 100, payment_intent: intent } });
    const rest = await post('/refund', { payment_intent: intent });
    expect(rest.json.amount).toBe(1400);
    expect((await stripe.paymentIntents.retrieve(intent, { expand: ['latest_charge'] })).latest_charge).toMatchObject({
      refunded: true,
    });
    expect((await post('/refund', { payment_intent: intent })).status).toBe(400);
    expect((await post('/refund', {})).status).toBe(400);

    const second = await monthlySubscriber();
    const paid = fake.invoices().find((i) => i.id === second.subscription.latest_invoice)!.payment_intent!;
    const opened = await post('/disputes', { payment_intent: paid });
    expect(opened.json).toMatchObject({ object: 'dispute', status: 'needs_response' });
    expect((await post(`/disputes/${opened.json.id}/close`, { outcome: 'maybe' })).status).toBe(400);
    const closed = await post(`/disputes/${opened.json.id}/close`, { outcome: 'won' });
    expect(closed.json.status).toBe('won');
    expect((await post(`/disputes/${opened.json.id}/close`, { outcome: 'lost' })).status).toBe(400);
    expect((await post('/disputes', { charge: 'ch_missing' })).status).toBe(404);
    const types = fake.events().map((e) => e.type);
    expect(types.filter((t) => t === 'charge.refunded').length).toBeGreaterThanOrEqual(2);
  });

  it('bills an extra invoice with the billing_reason asked for', async () => {
    const { subscription } = await monthlySubscriber();
    const manual = fake.extraInvoice(subscription.id, 'manual');
    expect(await stripe.invoices.retrieve(manual.id)).toMatchObject({ billing_reason: 'manual', status: 'paid' });
  });

  it('answers 500 to every API call during an outage', async () => {
    fake.outage(true);
    try {
      const error = await stripe.prices.retrieve(fake.prices.monthly).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    } finally {
      fake.outage(false);
    }
    expect((await stripe.prices.retrieve(fake.prices.monthly)).id).toBe(fake.prices.monthly);
  });
});
