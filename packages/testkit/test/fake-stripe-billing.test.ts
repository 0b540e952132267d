/**
 * The fake Stripe's money flows: the hosted Checkout page over HTTP, the trial, the clock (trial end,
 * renewals, cancellation at period end, failed renewals and their retries), trial_end=now, cancellation
 * and the customer portal page.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEvent, type FakeStripe, startFakeStripe } from '../src/index.ts';

const DAY = 86_400;
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
afterAll(() => fake.close());

const SUCCESS = 'http://127.0.0.1:5173/account/billing?status=success&session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://127.0.0.1:5173/account/billing?status=cancel';

async function customer(): Promise<Stripe.Customer> {
  return stripe.customers.create({
    email: `u${Math.random().toString(36).slice(2)}@example.com`,
    metadata: { user_id: 'u' },
  });
}

async function session(customerId: string, kind: 'trial' | 'monthly'): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    customer: customerId,
    mode: 'subscription',
    line_items:
      kind === 'trial'
        ? [
            { price: fake.prices.monthly, quantity: 1 },
            { price: fake.prices.trialFee, quantity: 1 },
          ]
        : [{ price: fake.prices.monthly, quantity: 1 }],
    ...(kind === 'trial' ? { subscription_data: { trial_period_days: 7, metadata: { user_id: 'u' } } } : {}),
    success_url: SUCCESS,
    cancel_url: CANCEL,
  });
}

/** A customer with a paid subscription; returns it with the events its checkout created. */
async function subscribed(kind: 'trial' | 'monthly') {
  const who = await customer();
  const checkout = await session(who.id, kind);
  const before = fake.events().length;
  const outcome = await fake.completeCheckout(checkout.id);
  expect(outcome.outcome).toBe('paid');
  const sub = fake.subscriptions().find((s) => s.customer === who.id)!;
  return { customer: who, checkout, sub, events: fake.events().slice(before) };
}

/** The events created by `action` that concern `customerId`, oldest first. */
function eventsFor(customerId: string, since: number): FakeEvent[] {
  return fake
    .events()
    .slice(since)
    .filter((e) => e.data.object.customer === customerId);
}

const form = (card: string) => ({
  method: 'POST',
  body: new URLSearchParams({ card }),
  redirect: 'manual' as const,
});

describe('hosted checkout page', () => {
  it('shows the order and a labelled card field; declined and invalid cards re-render it; Pay redirects', async () => {
    const who = await customer();
    const checkout = await session(who.id, 'trial');
    const page = await fetch(checkout.url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<label for="card">Card number</label>');
    expect(html).toMatch(/<input id="card" name="card"/);
    expect(html).toContain('<button type="submit">Pay</button>');
    expect(html).toContain(`<a href="/checkout/${checkout.id}/cancel">Cancel</a>`);
    expect(html).toContain(`<form method="post" action="/checkout/${checkout.id}/pay">`);
    expect(html).toMatch(/Total due today<\/th><td class="amount">£1\.99</);
    expect(html).toContain('7 days free, then £15.00 / month');

    const declined = await fetch(`${fake.url}/checkout/${checkout.id}/pay`, form('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const invalid = await fetch(`${fake.url}/checkout/${checkout.id}/pay`, form('1234'));
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Your card number is invalid.');
    expect((await stripe.checkout.sessions.retrieve(checkout.id)).status).toBe('open');
    expect(fake.subscriptions().filter((s) => s.customer === who.id)).toHaveLength(0);

    const cancel = await fetch(`${fake.url}/checkout/${checkout.id}/cancel`, { redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(cancel.headers.get('location')).toBe(CANCEL);

    const paid = await fetch(`${fake.url}/checkout/${checkout.id}/pay`, form('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://127.0.0.1:5173/account/billing?status=success&session_id=${checkout.id}`,
    );
    const done = await fetch(checkout.url!);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('This checkout session is already paid.');
    const again = await fetch(`${fake.url}/checkout/${checkout.id}/pay`, form('4242424242424242'));
    expect(await again.text()).toContain('already paid');
    expect(fake.subscriptions().filter((s) => s.customer === who.id)).toHaveLength(1);
  });

  it('shows an expired session as expired (410); unknown sessions are 404', async () => {
    const who = await customer();
    const checkout = await session(who.id, 'monthly');
    await stripe.checkout.sessions.expire(checkout.id);
    const page = await fetch(checkout.url!);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('This checkout session has expired');
    expect((await fetch(`${fake.url}/checkout/cs_test_nope`)).status).toBe(404);
  });
});

describe('subscription checkout', () => {
  it('trial: subscription trialing, £1.99 first invoice, events in order, session complete', async () => {
    const { customer: who, checkout, sub, events } = await subscribed('trial');
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const read = await stripe.subscriptions.retrieve(sub.id);
    expect(read).toMatchObject({
      object: 'subscription',
      customer: who.id,
      status: 'trialing',
      metadata: { user_id: 'u' },
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
    });
    expect(read).not.toHaveProperty('current_period_end');
    expect(read.trial_end! - read.trial_start!).toBe(7 * DAY);
    expect(read.items.data).toHaveLength(1);
    expect(read.items.data[0]).toMatchObject({
      price: { id: fake.prices.monthly, unit_amount: 1500 },
      quantity: 1,
      current_period_start: read.trial_start,
      current_period_end: read.trial_end,
    });

    const invoice = await stripe.invoices.retrieve(read.latest_invoice as string);
    expect(invoice).toMatchObject({
      object: 'invoice',
      customer: who.id,
      status: 'paid',
      amount_due: 199,
      amount_paid: 199,
      currency: 'gbp',
      billing_reason: 'subscription_create',
      hosted_invoice_url: `${fake.url}/invoices/${invoice.id}`,
      invoice_pdf: null,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { user_id: 'u' } },
      },
      period_start: read.trial_start,
      period_end: read.trial_end,
    });
    expect(invoice.number).toMatch(/^HOUND-\d{4}$/);
    expect(invoice.status_transitions.paid_at).toBe(invoice.created);
    expect(invoice.lines.data.map((l) => [l.amount, l.pricing?.price_details?.price])).toEqual([
      [0, fake.prices.monthly],
      [199, fake.prices.trialFee],
    ]);
    const hosted = await fetch(invoice.hosted_invoice_url!);
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toMatch(new RegExp(`Invoice ${invoice.number}[\\s\\S]*Paid[\\s\\S]*£1\\.99`));

    const completed = await stripe.checkout.sessions.retrieve(checkout.id, { expand: ['subscription'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: null });
    expect((completed.subscription as Stripe.Subscription).id).toBe(sub.id);
    // Events carry the object as it was when they were created.
    expect(events[0]!.data.object).toMatchObject({ id: sub.id, status: 'trialing', latest_invoice: invoice.id });
    expect(events[1]!.data.object).toMatchObject({ status: 'draft' });
    expect(events[2]!.data.object).toMatchObject({ status: 'paid', amount_paid: 199 });
    expect(events[4]!.data.object).toMatchObject({ id: checkout.id, status: 'complete', subscription: sub.id });
  });

  it('monthly: active at once, £15 for a 30-day period', async () => {
    const { sub } = await subscribed('monthly');
    expect(sub).toMatchObject({ status: 'active', trial_start: null, trial_end: null });
    const item = sub.items.data[0]!;
    expect(item.current_period_end - item.current_period_start).toBe(30 * DAY);
    const [invoice] = (await stripe.invoices.list({ subscription: sub.id })).data;
    expect(invoice).toMatchObject({ amount_paid: 1500, billing_reason: 'subscription_create', status: 'paid' });
    expect(typeof (invoice as unknown as { payment_intent: string }).payment_intent).toBe('string');
  });

  it('lists subscriptions by customer and status; canceled ones only with status=all', async () => {
    const { customer: who, sub } = await subscribed('monthly');
    expect((await stripe.subscriptions.list({ customer: who.id })).data.map((s) => s.id)).toEqual([sub.id]);
    const since = fake.events().length;
    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: canceled.canceled_at });
    expect(Math.abs(canceled.canceled_at! - fake.now())).toBeLessThanOrEqual(1);
    expect(eventsFor(who.id, since).map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    expect((await stripe.subscriptions.list({ customer: who.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: who.id, status: 'all' })).data.map((s) => s.status)).toEqual([
      'canceled',
    ]);
    expect((await stripe.subscriptions.list({ customer: who.id, status: 'canceled', limit: 1 })).data).toHaveLength(1);
    const twice = await (stripe.subscriptions
      .cancel(sub.id)
      .catch((e: unknown) => e) as Promise<Stripe.errors.StripeError>);
    expect(twice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });
});

describe('the clock', () => {
  it('trial end: a £15 subscription_cycle invoice, active, previous_attributes.status trialing; then renewals', async () => {
    const { customer: who, sub } = await subscribed('trial');
    const since = fake.events().length;
    const start = fake.now();
    fake.advanceClock(8 * DAY);
    // The fake clock also follows the wall clock, which may tick during the call.
    expect(fake.now() - start - 8 * DAY).toBeGreaterThanOrEqual(0);
    expect(fake.now() - start - 8 * DAY).toBeLessThanOrEqual(1);
    const events = eventsFor(who.id, since);
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.trial_will_end',
      'invoice.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect(events[0]!.created).toBe(sub.trial_end! - 3 * DAY);
    expect(events[2]!.created).toBe(sub.trial_end);
    expect(events[2]!.data.object).toMatchObject({ amount_paid: 1500, billing_reason: 'subscription_cycle' });
    expect(events[4]!.data.previous_attributes).toMatchObject({ status: 'trialing' });
    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    expect(active.items.data[0]).toMatchObject({
      current_period_start: sub.trial_end,
      current_period_end: sub.trial_end! + 30 * DAY,
    });

    // Three more periods in one step: three renewals, each at its own time, in order.
    fake.advanceClock(3 * 30 * DAY);
    const invoices = (await stripe.invoices.list({ customer: who.id })).data;
    expect(invoices.map((i) => [i.billing_reason, i.amount_paid])).toEqual([
      ['subscription_cycle', 1500],
      ['subscription_cycle', 1500],
      ['subscription_cycle', 1500],
      ['subscription_cycle', 1500],
      ['subscription_create', 199],
    ]);
    const starts = invoices.map((i) => i.period_start).reverse();
    expect(starts.slice(1)).toEqual([0, 1, 2, 3].map((n) => sub.trial_end! + n * 30 * DAY));
    const page = await stripe.invoices.list({ customer: who.id, limit: 2, starting_after: invoices[1]!.id });
    expect(page.data.map((i) => i.id)).toEqual([invoices[2]!.id, invoices[3]!.id]);
    expect(page.has_more).toBe(true);
  });

  it('cancel at period end: stays active, then canceled at the end with no new invoice', async () => {
    const { customer: who, sub } = await subscribed('monthly');
    const since = fake.events().length;
    const updated = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const end = sub.items.data[0]!.current_period_end;
    expect(updated).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    const [change] = eventsFor(who.id, since);
    expect(change).toMatchObject({ type: 'customer.subscription.updated' });
    expect(change!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

    fake.advanceClock(31 * DAY);
    const ended = await stripe.subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
    expect(eventsFor(who.id, since).map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    expect((await stripe.invoices.list({ customer: who.id })).data).toHaveLength(1);
  });

  it('a failed renewal: open invoice, past_due, retried every 3 days 3 times, then canceled', async () => {
    const { customer: who, sub } = await subscribed('monthly');
    fake.failPaymentsFor(who.id, true);
    const since = fake.events().length;
    fake.advanceClock(31 * DAY);
    expect(eventsFor(who.id, since).map((e) => e.type)).toEqual([
      'invoice.created',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    const pastDue = await stripe.subscriptions.retrieve(sub.id);
    expect(pastDue.status).toBe('past_due');
    const invoice = await stripe.invoices.retrieve(pastDue.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'open', amount_paid: 0, amount_remaining: 1500, attempt_count: 1 });
    const firstFailure = sub.items.data[0]!.current_period_end;
    expect(invoice.next_payment_attempt).toBe(firstFailure + 3 * DAY);

    fake.advanceClock(10 * DAY);
    const types = eventsFor(who.id, since).map((e) => e.type);
    expect(types.filter((t) => t === 'invoice.payment_failed')).toHaveLength(4);
    expect(types.at(-1)).toBe('customer.subscription.deleted');
    const deleted = eventsFor(who.id, since).find((e) => e.type === 'customer.subscription.deleted')!;
    expect(deleted.created).toBe(firstFailure + 9 * DAY);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
    });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'open',
      attempt_count: 4,
      next_payment_attempt: null,
    });
  });

  it('a retry that succeeds pays the invoice and makes the subscription active again', async () => {
    const { customer: who, sub } = await subscribed('monthly');
    fake.failPaymentsFor(who.id, true);
    fake.advanceClock(31 * DAY);
    fake.failPaymentsFor(who.id, false);
    const since = fake.events().length;
    fake.advanceClock(3 * DAY);
    expect(eventsFor(who.id, since).map((e) => e.type)).toEqual([
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect(eventsFor(who.id, since)[2]!.data.previous_attributes).toEqual({ status: 'past_due' });
    const read = await stripe.subscriptions.retrieve(sub.id);
    expect(read.status).toBe('active');
    expect(await stripe.invoices.retrieve(read.latest_invoice as string)).toMatchObject({
      status: 'paid',
      attempt_count: 2,
      amount_paid: 1500,
    });
  });

  it('expires open checkout sessions after 24 hours', async () => {
    const who = await customer();
    const checkout = await session(who.id, 'monthly');
    fake.advanceClock(DAY + 1);
    expect((await stripe.checkout.sessions.retrieve(checkout.id)).status).toBe('expired');
    expect(await fake.completeCheckout(checkout.id)).toMatchObject({ outcome: 'not_open' });
    expect(() => fake.advanceClock(-1)).toThrow(RangeError);
  });
});

describe('trial_end=now', () => {
  it('charges £15 now (subscription_update) and starts a 30-day period', async () => {
    const { customer: who, sub } = await subscribed('trial');
    const since = fake.events().length;
    const updated = await stripe.subscriptions.update(sub.id, { trial_end: 'now' });
    const now = updated.trial_end!;
    expect(Math.abs(now - fake.now())).toBeLessThanOrEqual(1);
    expect(updated.status).toBe('active');
    expect(updated.items.data[0]).toMatchObject({ current_period_start: now, current_period_end: now + 30 * DAY });
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', amount_paid: 1500, status: 'paid' });
    const events = eventsFor(who.id, since);
    expect(events.map((e) => e.type)).toEqual([
      'customer.subscription.trial_will_end',
      'invoice.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect(events.at(-1)!.data.previous_attributes).toMatchObject({ status: 'trialing', trial_end: sub.trial_end });
    // The next charge is a month from now, not at the old trial end.
    const later = fake.events().length;
    fake.advanceClock(29 * DAY);
    expect(eventsFor(who.id, later)).toEqual([]);
  });

  it('with a failing card: the invoice stays open, invoice.payment_failed, past_due', async () => {
    const { customer: who, sub } = await subscribed('trial');
    fake.failPaymentsFor(who.id, true);
    const since = fake.events().length;
    const updated = await stripe.subscriptions.update(sub.id, { trial_end: 'now' });
    expect(updated.status).toBe('past_due');
    expect(eventsFor(who.id, since).map((e) => e.type)).toContain('invoice.payment_failed');
    expect(await stripe.invoices.retrieve(updated.latest_invoice as string)).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_update',
    });
  });

  it('updates metadata alone with previous_attributes, and refuses changes to a canceled subscription', async () => {
    const { customer: who, sub } = await subscribed('monthly');
    const since = fake.events().length;
    const updated = await stripe.subscriptions.update(sub.id, { metadata: { note: 'x' } });
    expect(updated.metadata).toEqual({ note: 'x' });
    expect(eventsFor(who.id, since)[0]!.data.previous_attributes).toEqual({ metadata: {} });
    await stripe.subscriptions.cancel(sub.id);
    const refused = await (stripe.subscriptions
      .update(sub.id, { cancel_at_period_end: true })
      .catch((e: unknown) => e) as Promise<Stripe.errors.StripeError>);
    expect(refused).toMatchObject({ statusCode: 400, param: 'cancel_at_period_end' });
  });
});

describe('customer portal page', () => {
  it('shows the plan and invoices; Cancel subscription and Renew subscription flip cancel_at_period_end', async () => {
    const { customer: who, sub } = await subscribed('trial');
    const portal = await stripe.billingPortal.sessions.create({
      customer: who.id,
      return_url: 'http://127.0.0.1:5173/account',
    });
    const page = await fetch(portal.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Status: Trial.');
    expect(html).toContain('<a href="http://127.0.0.1:5173/account">Return</a>');
    expect(html).toMatch(/<button type="submit"[^>]*>Cancel subscription<\/button>/);
    expect(html).toMatch(/HOUND-\d{4}<\/a><\/td><td class="amount">£1\.99/);

    const since = fake.events().length;
    const post = (action: string) =>
      fetch(`${portal.url}/${action}`, {
        method: 'POST',
        body: new URLSearchParams({ subscription: sub.id }),
        redirect: 'manual',
      });
    const canceled = await post('cancel');
    expect(canceled.status).toBe(303);
    expect(canceled.headers.get('location')).toBe(`/portal/${portal.id}`);
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({
      cancel_at_period_end: true,
      status: 'trialing',
    });
    const after = await (await fetch(portal.url)).text();
    expect(after).toContain('Cancels on');
    expect(after).toContain('>Renew subscription</button>');
    await post('renew');
    expect((await stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(false);
    const changes = eventsFor(who.id, since);
    expect(changes.map((e) => [e.type, e.data.previous_attributes?.cancel_at_period_end])).toEqual([
      ['customer.subscription.updated', false],
      ['customer.subscription.updated', true],
    ]);
    expect((await fetch(`${fake.url}/portal/bps_nope`)).status).toBe(404);
  });
});
