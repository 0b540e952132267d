/**
 * The fake Stripe's REST API, driven by the real stripe SDK over a socket: shapes, lists, expansion,
 * validation errors (as the SDK's error classes see them) and idempotency.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../src/index.ts';
import { parseForm } from '../src/stripe/form.ts';

let fake: FakeStripe;
let stripe: Stripe;

function sdk(key: string): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** The error a call rejects with (fails the test when it resolves). */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const result = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(result instanceof Stripe.errors.StripeError)) throw new Error(`expected a StripeError, got ${String(result)}`);
  return result;
}

async function trialSession(customer: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    customer,
    mode: 'subscription',
    client_reference_id: 'u_1',
    line_items: [
      { price: fake.prices.monthly, quantity: 1 },
      { price: fake.prices.trialFee, quantity: 1 },
    ],
    subscription_data: { trial_period_days: 7, metadata: { user_id: 'u_1' } },
    success_url: 'http://127.0.0.1:5173/account/billing?status=success&session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:5173/account/billing?status=cancel',
    metadata: { user_id: 'u_1', plan: 'trial' },
    ...extra,
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = sdk(fake.secretKey);
});
afterAll(() => fake.close());

describe('form encoding', () => {
  it('parses the bracket encoding stripe-node and curl send', () => {
    expect(
      parseForm(
        'email=a%40example.com&name=Ann%20Lee+Jr&line_items[0][price]=p1&line_items[0][quantity]=1&line_items[1][price]=p2' +
          '&metadata[user_id]=u_1&expand[]=a&expand[]=b&lookup_keys%5B0%5D=k&empty=',
      ),
    ).toEqual({
      email: 'a@example.com',
      name: 'Ann Lee Jr',
      line_items: [{ price: 'p1', quantity: '1' }, { price: 'p2' }],
      metadata: { user_id: 'u_1' },
      expand: ['a', 'b'],
      lookup_keys: ['k'],
      empty: '',
    });
    expect(parseForm('a[10]=x&a[2]=y')).toEqual({ a: ['y', 'x'] });
    expect(() => parseForm('a=1&a[b]=2')).toThrow(/both a value and a hash/);
    expect(() => parseForm('__proto__[x]=1')).toThrow(/Invalid parameter name/);
    expect(() => parseForm('a=%E0%A4%A')).toThrow(/percent-encoding/);
  });
});

describe('settings and authentication', () => {
  it('hands Hound its environment', () => {
    expect(fake.url).toBe(`http://127.0.0.1:${fake.port}`);
    expect(fake.secretKey).toBe('sk_test_hound_fake');
    expect(fake.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(fake.settings).toEqual({
      STRIPE_API_URL: fake.url,
      STRIPE_SECRET_KEY: 'sk_test_hound_fake',
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_PRICE_MONTHLY: 'price_hound_monthly',
      STRIPE_PRICE_TRIAL_FEE: 'price_hound_trial_fee',
      STRIPE_PRICE_PLUS_MONTHLY: 'price_hound_plus_monthly',
      STRIPE_PRICE_CREDITS: 'price_hound_credits',
    });
  });

  it('refuses a wrong or missing key with 401 (StripeAuthenticationError)', async () => {
    const error = await failure(sdk('sk_test_wrong_key_123456').customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toBe('Invalid API Key provided: sk_test_************3456');
    const bare = await fetch(`${fake.url}/v1/customers`);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('You did not provide an API key'),
    });
  });

  it('answers an unknown URL with 404 invalid_request_error', async () => {
    const response = await fetch(`${fake.url}/v1/nothing_here`, {
      headers: { Authorization: `Bearer ${fake.secretKey}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      'Unrecognized request URL (GET: /v1/nothing_here)',
    );
  });
});

describe('prices and products', () => {
  it('serves the seeded prices, by id and by lookup key, with products expandable', async () => {
    const monthly = await stripe.prices.retrieve(fake.prices.monthly);
    expect(monthly).toMatchObject({
      id: 'price_hound_monthly',
      object: 'price',
      active: true,
      currency: 'gbp',
      unit_amount: 1500,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: 'hound_monthly',
      product: 'prod_hound_premium',
      livemode: false,
      metadata: {},
    });
    const trial = await stripe.prices.retrieve(fake.prices.trialFee);
    expect(trial).toMatchObject({ unit_amount: 199, type: 'one_time', recurring: null });
    expect((await stripe.prices.retrieve(fake.prices.plus)).unit_amount).toBe(2499);
    const plusMonthly = await stripe.prices.retrieve(fake.prices.plusMonthly);
    expect(plusMonthly).toMatchObject({ unit_amount: 2499, type: 'recurring', recurring: { interval: 'month' } });

    const byKey = await stripe.prices.list({
      lookup_keys: ['hound_plus', 'hound_trial_fee'],
      expand: ['data.product'],
    });
    expect(byKey.object).toBe('list');
    expect(byKey.data.map((p) => p.id).sort()).toEqual(['price_hound_plus', 'price_hound_trial_fee']);
    const product = byKey.data.find((p) => p.id === 'price_hound_trial_fee')!.product as Stripe.Product;
    expect(product).toMatchObject({
      id: 'prod_hound_trial',
      name: 'Premium 7-day trial',
      metadata: { trial_days: '7' },
    });
    expect((await stripe.prices.list()).data).toHaveLength(5);
    expect((await stripe.prices.retrieve(fake.prices.credits)).unit_amount).toBe(999);
    // Named as the site names it (checkout pages and invoices of the fake show this name).
    expect((await stripe.products.retrieve('prod_hound_email_plus')).name).toBe('Email Plus');

    const missing = await failure(stripe.prices.retrieve('price_nope'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    expect(missing.message).toBe("No such price: 'price_nope'");
  });

  it('takes custom amounts', async () => {
    const other = await startFakeStripe({ prices: { monthly: 999 }, secretKey: 'sk_test_other', trialDays: 3 });
    try {
      const client = new Stripe('sk_test_other', {
        host: '127.0.0.1',
        port: other.port,
        protocol: 'http',
        maxNetworkRetries: 0,
        telemetry: false,
      });
      expect((await client.prices.retrieve(other.prices.monthly)).unit_amount).toBe(999);
      expect((await client.products.retrieve('prod_hound_trial')).name).toBe('Premium 3-day trial');
    } finally {
      await other.close();
    }
    await expect(startFakeStripe({ prices: { plus: 1.5 } })).rejects.toThrow(/positive integer/);
  });
});

describe('customers', () => {
  it('creates, reads and updates customers; metadata keys set to "" are removed', async () => {
    const created = await stripe.customers.create({
      email: 'ann@example.com',
      name: 'Ann Lee',
      metadata: { user_id: 'u_1', team: 'blue' },
    });
    expect(created).toMatchObject({
      object: 'customer',
      email: 'ann@example.com',
      name: 'Ann Lee',
      metadata: { user_id: 'u_1', team: 'blue' },
      livemode: false,
    });
    expect(created.id).toMatch(/^cus_\w{14}$/);
    expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(5);

    const updated = await stripe.customers.update(created.id, {
      email: 'ann.lee@example.com',
      metadata: { team: '', plan: 'trial' },
    });
    expect(updated.email).toBe('ann.lee@example.com');
    expect(updated.metadata).toEqual({ user_id: 'u_1', plan: 'trial' });
    const read = (await stripe.customers.retrieve(created.id)) as Stripe.Customer;
    expect(read.metadata).toEqual({ user_id: 'u_1', plan: 'trial' });
    expect((await stripe.customers.list({ email: 'ann.lee@example.com' })).data.map((c) => c.id)).toEqual([created.id]);

    const update = fake.events().find((e) => e.type === 'customer.updated' && e.data.object.id === created.id)!;
    expect(update.data.previous_attributes).toEqual({
      email: 'ann@example.com',
      metadata: { user_id: 'u_1', team: 'blue' },
    });
    expect(fake.customers().find((c) => c.id === created.id)?.email).toBe('ann.lee@example.com');
  });

  it('answers missing customers and bad params like Stripe', async () => {
    const missing = await failure(stripe.customers.retrieve('cus_x'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      param: 'id',
      message: "No such customer: 'cus_x'",
    });
    expect(missing.raw).toMatchObject({ type: 'invalid_request_error' });
    const badEmail = await failure(stripe.customers.create({ email: 'not an email' }));
    expect(badEmail).toMatchObject({ statusCode: 400, code: 'email_invalid', param: 'email' });
    const badLimit = await failure(stripe.customers.list({ limit: 500 }));
    expect(badLimit).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'limit' });
  });

  it('pages lists newest first with limit and starting_after, and the SDK auto-pagination follows', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await stripe.customers.create({ email: `page${i}@example.com`, metadata: { batch: 'p' } })).id);
    const first = await stripe.customers.list({ limit: 2 });
    expect(first.data.map((c) => c.id)).toEqual([ids[4], ids[3]]);
    expect(first.has_more).toBe(true);
    expect(first.url).toBe('/v1/customers');
    const second = await stripe.customers.list({ limit: 2, starting_after: ids[3] });
    expect(second.data.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const all: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 2 })) {
      if (customer.metadata.batch === 'p') all.push(customer.id);
    }
    expect(all).toEqual([...ids].reverse());
    const bad = await failure(stripe.customers.list({ starting_after: 'cus_gone' }));
    expect(bad).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'starting_after' });
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and body, refuses a different body', async () => {
    const key = `hound-customer-${Math.random()}`;
    const before = fake.customers().length;
    const [a, b] = await Promise.all([
      stripe.customers.create({ email: 'same@example.com', metadata: { user_id: 'u_9' } }, { idempotencyKey: key }),
      stripe.customers.create({ email: 'same@example.com', metadata: { user_id: 'u_9' } }, { idempotencyKey: key }),
    ]);
    expect(a.id).toBe(b.id);
    const replayed = [a, b].map((c) => c.lastResponse.headers['idempotent-replayed']);
    expect(replayed.sort()).toEqual(['true', undefined]);
    expect(fake.customers().length).toBe(before + 1);

    const conflict = await failure(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key }));
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    expect(conflict.raw).toMatchObject({ type: 'idempotency_error' });

    // A request that failed validation is not remembered: the key still works once the params are fixed.
    const retryKey = `retry-${Math.random()}`;
    await failure(stripe.customers.create({ email: 'broken' }, { idempotencyKey: retryKey }));
    expect((await stripe.customers.create({ email: 'fixed@example.com' }, { idempotencyKey: retryKey })).email).toBe(
      'fixed@example.com',
    );
  });
});

describe('checkout sessions', () => {
  it('creates an open trial session with the hosted page URL and what is due today', async () => {
    const customer = await stripe.customers.create({ email: 'trial@example.com' });
    const session = await trialSession(customer.id);
    expect(session.id).toMatch(/^cs_test_\w+$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      url: `${fake.url}/checkout/${session.id}`,
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u_1',
      metadata: { user_id: 'u_1', plan: 'trial' },
      subscription: null,
      payment_intent: null,
      amount_total: 199,
      currency: 'gbp',
      success_url: 'http://127.0.0.1:5173/account/billing?status=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:5173/account/billing?status=cancel',
    });
    expect(session.expires_at - session.created).toBe(24 * 3600);

    const read = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items', 'subscription'] });
    expect(read.subscription).toBeNull();
    expect(read.line_items?.data.map((l) => [l.price?.id, l.quantity, l.amount_total])).toEqual([
      ['price_hound_monthly', 1, 1500],
      ['price_hound_trial_fee', 1, 199],
    ]);
    const lines = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lines.data).toHaveLength(2);
    const listed = await stripe.checkout.sessions.list({ customer: customer.id });
    expect(listed.data.map((s) => s.id)).toEqual([session.id]);

    const monthly = await stripe.checkout.sessions.create({
      customer: customer.id,
      mode: 'subscription',
      line_items: [{ price: fake.prices.monthly, quantity: 1 }],
      success_url: 'http://127.0.0.1/ok',
    });
    expect(monthly.amount_total).toBe(1500);
  });

  it('expires on request, after which the session has no URL and cannot expire again', async () => {
    const customer = await stripe.customers.create({ email: 'expire@example.com' });
    const session = await trialSession(customer.id);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect(fake.events().some((e) => e.type === 'checkout.session.expired' && e.data.object.id === session.id)).toBe(
      true,
    );
    const again = await failure(stripe.checkout.sessions.expire(session.id));
    expect(again).toMatchObject({ statusCode: 400, code: 'checkout_session_not_open' });
  });

  it('validates mode, prices and customers like Stripe', async () => {
    const customer = await stripe.customers.create({ email: 'checks@example.com' });
    const base = { customer: customer.id, success_url: 'http://127.0.0.1/ok' };
    const noMode = await failure(
      stripe.checkout.sessions.create({ ...base, line_items: [{ price: fake.prices.plus, quantity: 1 }] }),
    );
    expect(noMode).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'mode' });
    const unknownPrice = await failure(
      stripe.checkout.sessions.create({ ...base, mode: 'payment', line_items: [{ price: 'price_nope', quantity: 1 }] }),
    );
    expect(unknownPrice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknownPrice).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });
    const recurringInPayment = await failure(
      stripe.checkout.sessions.create({
        ...base,
        mode: 'payment',
        line_items: [
          { price: fake.prices.plus, quantity: 1 },
          { price: fake.prices.monthly, quantity: 1 },
        ],
      }),
    );
    expect(recurringInPayment).toMatchObject({ statusCode: 400, param: 'line_items[1][price]' });
    expect(recurringInPayment.message).toMatch(/`payment` mode but passed a recurring price/);
    const oneTimeSubscription = await failure(
      stripe.checkout.sessions.create({
        ...base,
        mode: 'subscription',
        line_items: [{ price: fake.prices.plus, quantity: 1 }],
      }),
    );
    expect(oneTimeSubscription).toMatchObject({ statusCode: 400, param: 'line_items' });
    expect(oneTimeSubscription.message).toMatch(/at least one recurring price/);
    const noQuantity = await failure(
      stripe.checkout.sessions.create({ ...base, mode: 'payment', line_items: [{ price: fake.prices.plus }] }),
    );
    expect(noQuantity).toMatchObject({ code: 'parameter_missing', param: 'line_items[0][quantity]' });
    const noLines = await failure(stripe.checkout.sessions.create({ ...base, mode: 'payment' }));
    expect(noLines).toMatchObject({ code: 'parameter_missing', param: 'line_items' });
    const badTrial = await failure(trialSession(customer.id, { subscription_data: { trial_period_days: 0 } }));
    expect(badTrial).toMatchObject({
      code: 'parameter_invalid_integer',
      param: 'subscription_data[trial_period_days]',
    });
    const noCustomer = await failure(trialSession('cus_missing'));
    expect(noCustomer).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    const wrongData = await failure(
      stripe.checkout.sessions.create({
        ...base,
        mode: 'payment',
        line_items: [{ price: fake.prices.plus, quantity: 1 }],
        subscription_data: { trial_period_days: 7 },
      }),
    );
    expect(wrongData).toMatchObject({ statusCode: 400, param: 'subscription_data' });
    const badUrl = await failure(trialSession(customer.id, { success_url: 'not a url' }));
    expect(badUrl).toMatchObject({ statusCode: 400, param: 'success_url' });
    const missingSession = await failure(stripe.checkout.sessions.retrieve('cs_test_missing'));
    expect(missingSession).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such checkout.session: 'cs_test_missing'",
    });
  });

  it('payment mode: a paid session has a payment intent carrying payment_intent_data metadata', async () => {
    const customer = await stripe.customers.create({ email: 'plus@example.com' });
    const session = await stripe.checkout.sessions.create({
      customer: customer.id,
      mode: 'payment',
      line_items: [{ price: fake.prices.plus, quantity: 1 }],
      metadata: { product: 'email_plus', lead_id: 'lead_9', delivery_email: 'me@example.com' },
      payment_intent_data: { metadata: { lead_id: 'lead_9' } },
      success_url: 'http://127.0.0.1/plus?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(session.amount_total).toBe(2499);
    expect(await fake.completeCheckout(session.id, '4000 0000 0000 0002')).toMatchObject({
      outcome: 'declined',
      message: 'Your card was declined.',
      session: { status: 'open' },
    });
    expect(await fake.completeCheckout(session.id, '4111')).toMatchObject({ outcome: 'invalid_card' });
    await expect(fake.completeCheckout('cs_test_nope')).rejects.toThrow(/no checkout session/);
    const before = fake.events().length;
    const outcome = await fake.completeCheckout(session.id);
    expect(outcome).toMatchObject({ outcome: 'paid', redirectUrl: `http://127.0.0.1/plus?session_id=${session.id}` });
    expect(
      fake
        .events()
        .slice(before)
        .map((e) => e.type),
    ).toEqual(['payment_intent.succeeded', 'checkout.session.completed']);

    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: null, url: null });
    const intent = paid.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 2499,
      amount_received: 2499,
      currency: 'gbp',
      customer: customer.id,
      status: 'succeeded',
      metadata: { lead_id: 'lead_9' },
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(await fake.completeCheckout(session.id)).toMatchObject({ outcome: 'not_open' });
    expect(fake.subscriptions().filter((s) => s.customer === customer.id)).toEqual([]);
  });
});

describe('refunds', () => {
  it('refunds a payment in parts, then refuses more than was paid', async () => {
    const customer = await stripe.customers.create({ email: 'refund@example.com' });
    const session = await stripe.checkout.sessions.create({
      customer: customer.id,
      mode: 'payment',
      line_items: [{ price: fake.prices.plus, quantity: 1 }],
      success_url: 'http://127.0.0.1/ok',
    });
    await fake.completeCheckout(session.id);
    const intent = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;

    const part = await stripe.refunds.create({ payment_intent: intent, amount: 499, reason: 'requested_by_customer' });
    expect(part).toMatchObject({ object: 'refund', amount: 499, status: 'succeeded', payment_intent: intent });
    expect(part.id).toMatch(/^re_/);
    const tooMuch = await failure(stripe.refunds.create({ payment_intent: intent, amount: 5000 }));
    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    const rest = await stripe.refunds.create({ payment_intent: intent, metadata: { ticket: 't1' } });
    expect(rest).toMatchObject({ amount: 2000, metadata: { ticket: 't1' } });
    const twice = await failure(stripe.refunds.create({ payment_intent: intent }));
    expect(twice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(twice).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

    const events = fake.events().filter((e) => ['refund.created', 'charge.refunded'].includes(e.type));
    expect(events.map((e) => e.type)).toEqual([
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
    expect(events[3]!.data.object).toMatchObject({
      object: 'charge',
      payment_intent: intent,
      amount: 2499,
      amount_refunded: 2499,
      refunded: true,
    });
    expect((await stripe.refunds.list({ payment_intent: intent })).data.map((r) => r.amount)).toEqual([2000, 499]);
    const unknown = await failure(stripe.refunds.create({ payment_intent: 'pi_nope' }));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'payment_intent' });
  });
});

describe('billing portal and webhook endpoints', () => {
  it('creates portal sessions for known customers only', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1/back',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://127.0.0.1/back',
      url: `${fake.url}/portal/${portal.id}`,
    });
    expect(portal.id).toMatch(/^bps_/);
    const missing = await failure(stripe.billingPortal.sessions.create({ customer: 'cus_gone' }));
    expect(missing).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('creates webhook endpoints, returning the signing secret once', async () => {
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'http://127.0.0.1:9/hooks',
      enabled_events: ['invoice.paid'],
    });
    expect(endpoint).toMatchObject({
      object: 'webhook_endpoint',
      url: 'http://127.0.0.1:9/hooks',
      secret: fake.webhookSecret,
    });
    const listed = await stripe.webhookEndpoints.list();
    expect(listed.data[0]).toMatchObject({ id: endpoint.id, enabled_events: ['invoice.paid'] });
    expect(listed.data[0]!.secret).toBeUndefined();
    const missing = await failure(stripe.webhookEndpoints.create({ url: 'http://127.0.0.1:9/x', enabled_events: [] }));
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'enabled_events' });
    await stripe.webhookEndpoints.del(endpoint.id);
    expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).not.toContain(endpoint.id);
  });
});
