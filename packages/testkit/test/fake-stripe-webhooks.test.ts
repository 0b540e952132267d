/**
 * The fake Stripe's webhooks: signatures the real SDK accepts, retries, duplicates, held and reordered
 * delivery, endpoints registered through the API, and the `/_fake` HTTP controls.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeStripe, type FakeStripeOptions, startFakeStripe } from '../src/index.ts';

interface Received {
  body: string;
  headers: http.IncomingHttpHeaders;
  event: { id: string; type: string };
  at: number;
}

interface Receiver {
  url: string;
  received: Received[];
  /** Statuses for the next requests, in order (200 once they run out). */
  answers: number[];
  close(): Promise<void>;
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});

async function receiver(answers: number[] = []): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ body, headers: request.headers, event: JSON.parse(body), at: Date.now() });
      response.writeHead(self.answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const self: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/billing/webhook`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  open.push(self);
  return self;
}

async function setup(options: FakeStripeOptions = {}): Promise<{ fake: FakeStripe; stripe: Stripe }> {
  const fake = await startFakeStripe({ retryDelaysMs: [20, 40], ...options });
  open.push(fake);
  const stripe = new Stripe(fake.secretKey, {
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return { fake, stripe };
}

async function trialCheckout(fake: FakeStripe, stripe: Stripe) {
  const customer = await stripe.customers.create({ email: 'hooks@example.com' });
  const session = await stripe.checkout.sessions.create({
    customer: customer.id,
    mode: 'subscription',
    line_items: [
      { price: fake.prices.monthly, quantity: 1 },
      { price: fake.prices.trialFee, quantity: 1 },
    ],
    subscription_data: { trial_period_days: 7 },
    success_url: 'http://127.0.0.1/ok',
  });
  return { customer, session };
}

const CHECKOUT_EVENTS = [
  'customer.subscription.created',
  'invoice.created',
  'invoice.paid',
  'invoice.payment_succeeded',
  'checkout.session.completed',
];

async function control(fake: FakeStripe, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${fake.url}/_fake/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('webhook delivery', () => {
  it('signs each event so stripe.webhooks.constructEvent accepts it, with Stripe’s headers and envelope', async () => {
    const hooks = await receiver();
    const { fake, stripe } = await setup();
    await stripe.customers.create({ email: 'before@example.com' }); // no URL yet: kept, not sent
    fake.setWebhookUrl(hooks.url);
    const { customer, session } = await trialCheckout(fake, stripe);
    await fake.completeCheckout(session.id);
    await fake.webhooks.idle();

    expect(hooks.received.map((r) => r.event.type)).toEqual(['customer.created', ...CHECKOUT_EVENTS]);
    for (const hit of hooks.received) {
      const event = stripe.webhooks.constructEvent(
        hit.body,
        hit.headers['stripe-signature'] as string,
        fake.webhookSecret,
      );
      expect(event.id).toBe(hit.event.id);
      expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(hit.headers['user-agent']).toBe('Stripe/1.0 (+https://stripe.com/docs/webhooks)');
      const timestamp = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(hit.headers['stripe-signature'] as string)![1]);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    }
    const first = JSON.parse(hooks.received[0]!.body);
    expect(first).toMatchObject({
      object: 'event',
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'customer.created',
      data: { object: { id: customer.id, object: 'customer' } },
    });
    expect(() =>
      stripe.webhooks.constructEvent(
        hooks.received[0]!.body,
        hooks.received[0]!.headers['stripe-signature'] as string,
        'whsec_wrong',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    // The undelivered event is still listed, through the SDK and events().
    expect(fake.events()[0]).toMatchObject({ type: 'customer.created', pending_webhooks: 0 });
    expect(fake.events()).toHaveLength(hooks.received.length + 1);
    const listed = await stripe.events.list({ limit: 100 });
    expect(listed.data.at(-1)!.id).toBe(fake.events()[0]!.id);
    expect(fake.webhooks.deliveries().every((d) => d.ok && d.status === 200 && d.attempt === 1)).toBe(true);

    // A month on the fake clock later, signatures still carry the wall clock (within the SDK's tolerance).
    const count = hooks.received.length;
    fake.advanceClock(40 * 86_400);
    await fake.webhooks.idle();
    const later = hooks.received.slice(count);
    expect(later.length).toBeGreaterThan(0);
    for (const hit of later) {
      expect(() =>
        stripe.webhooks.constructEvent(hit.body, hit.headers['stripe-signature'] as string, fake.webhookSecret),
      ).not.toThrow();
    }
    fake.setWebhookUrl(undefined);
    await stripe.customers.create({ email: 'after@example.com' });
    await fake.webhooks.idle();
    expect(hooks.received.length).toBe(count + later.length);
  });

  it('retries a 500 and then succeeds; gives up after the last retry on a dead endpoint', async () => {
    const hooks = await receiver([500]);
    const { fake, stripe } = await setup({ webhookUrl: hooks.url });
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    await fake.webhooks.idle();
    expect(hooks.received.map((r) => r.event.id)).toEqual([fake.events()[0]!.id, fake.events()[0]!.id]);
    expect(hooks.received[1]!.at - hooks.received[0]!.at).toBeGreaterThanOrEqual(15);
    expect(fake.webhooks.deliveries().map((d) => [d.type, d.attempt, d.status, d.ok])).toEqual([
      ['customer.created', 1, 500, false],
      ['customer.created', 2, 200, true],
    ]);

    const dead = await receiver();
    await dead.close();
    fake.setWebhookUrl(dead.url);
    await stripe.customers.update(customer.id, { name: 'Retry' });
    await fake.webhooks.idle();
    const failed = fake.webhooks.deliveries().slice(2);
    expect(failed.map((d) => [d.type, d.attempt, d.ok, d.gaveUp ?? false])).toEqual([
      ['customer.updated', 1, false, false],
      ['customer.updated', 2, false, false],
      ['customer.updated', 3, false, true],
    ]);
    expect(failed[0]!.error).toMatch(/ECONNREFUSED/);
    expect(failed[0]!.status).toBeUndefined();
  });

  it('duplicate(true) delivers every event twice with the same id', async () => {
    const hooks = await receiver();
    const { fake, stripe } = await setup({ webhookUrl: hooks.url });
    fake.webhooks.duplicate(true);
    await stripe.customers.create({ email: 'twice@example.com' });
    await fake.webhooks.idle();
    const [event] = fake.events();
    expect(hooks.received.map((r) => r.event.id)).toEqual([event!.id, event!.id]);
    fake.webhooks.duplicate(false);
    await stripe.customers.create({ email: 'once@example.com' });
    await fake.webhooks.idle();
    expect(hooks.received).toHaveLength(3);
  });

  it('hold() keeps deliveries back (idle still resolves); release("reverse") sends them newest first', async () => {
    const hooks = await receiver();
    const { fake, stripe } = await setup({ webhookUrl: hooks.url });
    const { session } = await trialCheckout(fake, stripe);
    await fake.webhooks.idle();
    const before = hooks.received.length;
    fake.webhooks.hold();
    await fake.completeCheckout(session.id);
    await fake.webhooks.idle();
    expect(hooks.received.length).toBe(before);
    fake.webhooks.release('reverse');
    await fake.webhooks.idle();
    expect(hooks.received.slice(before).map((r) => r.event.type)).toEqual([...CHECKOUT_EVENTS].reverse());

    // Shuffled: the same events, each exactly once.
    fake.webhooks.hold();
    fake.advanceClock(8 * 86_400);
    const due = fake.events().length - hooks.received.length;
    fake.webhooks.release('shuffle');
    await fake.webhooks.idle();
    const shuffled = hooks.received.slice(-due).map((r) => r.event.id);
    expect(new Set(shuffled)).toEqual(
      new Set(
        fake
          .events()
          .slice(-due)
          .map((e) => e.id),
      ),
    );
  });

  it('delay(ms) holds each first attempt back that long', async () => {
    const hooks = await receiver();
    const { fake, stripe } = await setup({ webhookUrl: hooks.url });
    fake.webhooks.delay(150);
    const started = Date.now();
    await stripe.customers.create({ email: 'slow@example.com' });
    expect(hooks.received).toHaveLength(0);
    await fake.webhooks.idle();
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.at - started).toBeGreaterThanOrEqual(140);
  });

  it('an endpoint created through the API becomes the target, with its enabled_events only', async () => {
    const first = await receiver();
    const second = await receiver();
    const { fake, stripe } = await setup();
    await stripe.webhookEndpoints.create({ url: first.url, enabled_events: ['*'] });
    const endpoint = await stripe.webhookEndpoints.create({
      url: second.url,
      enabled_events: ['invoice.paid', 'checkout.session.completed'],
    });
    const { session } = await trialCheckout(fake, stripe);
    await fake.completeCheckout(session.id);
    await fake.webhooks.idle();
    expect(first.received).toHaveLength(0); // the last endpoint created wins
    expect(second.received.map((r) => r.event.type)).toEqual(['invoice.paid', 'checkout.session.completed']);
    const hit = second.received[0]!;
    expect(() =>
      stripe.webhooks.constructEvent(hit.body, hit.headers['stripe-signature'] as string, endpoint.secret!),
    ).not.toThrow();
  });
});

describe('HTTP controls', () => {
  it('advance, webhooks, fail-payments and checkout pay over /_fake', async () => {
    const hooks = await receiver();
    const { fake, stripe } = await setup({ webhookUrl: hooks.url });
    const { customer, session } = await trialCheckout(fake, stripe);

    expect(await control(fake, 'webhooks', { hold: true, duplicate: false, delayMs: 0 })).toEqual({
      status: 200,
      json: { duplicate: false, delayMs: 0, hold: true, held: 0 },
    });
    const paid = await control(fake, `checkout/${session.id}/pay`, { card: '4242 4242 4242 4242' });
    expect(paid).toMatchObject({ status: 200, json: { outcome: 'paid', session: { status: 'complete' } } });
    expect((await control(fake, 'webhooks', {})).json).toMatchObject({ hold: true, held: CHECKOUT_EVENTS.length });
    await control(fake, 'webhooks', { release: 'reverse' });
    await fake.webhooks.idle();
    expect(hooks.received.slice(-5).map((r) => r.event.type)).toEqual([...CHECKOUT_EVENTS].reverse());

    expect(await control(fake, 'fail-payments', { customer: customer.id, on: true })).toEqual({
      status: 200,
      json: { customer: customer.id, on: true },
    });
    const start = fake.now();
    const advanced = await control(fake, 'advance', { seconds: 8 * 86_400 });
    const moved = (advanced.json as { now: number }).now - start - 8 * 86_400;
    expect(moved).toBeGreaterThanOrEqual(0);
    expect(moved).toBeLessThanOrEqual(1); // the wall clock may tick during the request
    const [sub] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(sub!.status).toBe('past_due');

    const deliveries = (await (await fetch(`${fake.url}/_fake/deliveries`)).json()) as unknown[];
    expect(deliveries.length).toBeGreaterThan(5);
    const events = (await (await fetch(`${fake.url}/_fake/events`)).json()) as { type: string }[];
    expect(events.map((e) => e.type)).toContain('invoice.payment_failed');

    expect((await control(fake, 'advance', { seconds: -1 })).status).toBe(400);
    expect((await control(fake, 'advance', 'not json')).status).toBe(400);
    expect((await control(fake, 'fail-payments', { customer: 'cus_nobody', on: true })).status).toBe(404);
    expect((await control(fake, 'webhooks', { release: 'sideways' })).status).toBe(400);
    expect((await control(fake, 'checkout/cs_test_nope/pay', {})).status).toBe(404);
    expect((await control(fake, 'nothing', {})).status).toBe(404);
    expect(await control(fake, 'webhook-url', { url: null })).toEqual({ status: 200, json: { url: null } });
  });
});
