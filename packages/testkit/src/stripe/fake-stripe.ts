/**
 * A stateful fake of Stripe on one loopback port: the REST API the official `stripe` SDK talks to
 * (point it there with `host`/`port`/`protocol`), the hosted Checkout, portal and invoice pages, and a
 * webhook sender that signs like Stripe. Hound's server runs against it over real sockets with its real
 * SDK, so encoding, headers, errors and signature checks are all exercised.
 *
 * Seeded catalogue: `price_hound_monthly` (recurring, £15.00), `price_hound_trial_fee` (one-time £1.99),
 * `price_hound_plus` (one-time £24.99, the old Email Plus), `price_hound_plus_monthly` (recurring £24.99, Email
 * Plus as a subscription), `price_hound_credits` (one-time £9.99, a pack of email-search credits), each with a
 * lookup key of the same name minus `price_`.
 * Time only moves forward by `advanceClock()` (plus the wall clock); see billing.ts for the rules.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TestkitError } from '../errors.ts';
import { Api } from './api.ts';
import { Billing } from './billing.ts';
import { pay } from './checkout.ts';
import { handleControl } from './control.ts';
import { closeDispute, extraInvoice, openDispute } from './disputes.ts';
import { sendHtml, sendJson } from './http.ts';
import { dropHeld } from './latency.ts';
import { Pages } from './pages.ts';
import { Params } from './params.ts';
import { refund } from './payments.ts';
import { copy, Store } from './store.ts';
import type { FakePrice, FakeProduct, FakeStripe, FakeStripeOptions } from './types.ts';
import { WebhookSender } from './webhooks.ts';

const PRICE_IDS = {
  monthly: 'price_hound_monthly',
  trialFee: 'price_hound_trial_fee',
  plus: 'price_hound_plus',
  plusMonthly: 'price_hound_plus_monthly',
  credits: 'price_hound_credits',
};

interface Target {
  url: string;
  /** null = every event (a URL set directly); otherwise the endpoint's `enabled_events`. */
  events: string[] | null;
  endpoint?: string;
}

function checkOptions(options: FakeStripeOptions): void {
  const fail = (message: string) => {
    throw new TestkitError('INVALID_OPTION', message);
  };
  const amount = (name: string, value: number | undefined) => {
    if (value !== undefined && (!Number.isInteger(value) || value <= 0))
      fail(`prices.${name} must be a positive integer (pence)`);
  };
  if (options.port !== undefined && (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535)) {
    fail('port must be an integer 0–65535');
  }
  if (options.currency !== undefined && options.currency !== 'gbp') fail('currency must be gbp');
  amount('monthly', options.prices?.monthly);
  amount('trialFee', options.prices?.trialFee);
  amount('plus', options.prices?.plus);
  amount('credits', options.prices?.credits);
  if (options.retryDelaysMs?.some((ms) => !Number.isFinite(ms) || ms < 0)) fail('retryDelaysMs must be numbers ≥ 0');
  if (options.trialDays !== undefined && (!Number.isInteger(options.trialDays) || options.trialDays < 1)) {
    fail('trialDays must be a positive integer');
  }
  if (options.secretKey !== undefined && options.secretKey.trim() === '') fail('secretKey must not be empty');
  if (options.webhookSecret !== undefined && options.webhookSecret.trim() === '')
    fail('webhookSecret must not be empty');
  if (options.webhookUrl !== undefined) checkWebhookUrl(options.webhookUrl);
}

function checkWebhookUrl(url: string): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {}
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new TestkitError('INVALID_OPTION', `webhook URL must be http(s): ${url}`);
  }
}

function seed(store: Store, options: FakeStripeOptions): void {
  const now = store.now();
  const currency = options.currency ?? 'gbp';
  const trialDays = options.trialDays ?? 7;
  const catalogue: {
    price: string;
    product: string;
    name: string;
    amount: number;
    recurring: boolean;
    metadata: Record<string, string>;
  }[] = [
    {
      price: PRICE_IDS.monthly,
      product: 'prod_hound_premium',
      name: 'Premium',
      amount: options.prices?.monthly ?? 1500,
      recurring: true,
      metadata: {},
    },
    {
      price: PRICE_IDS.trialFee,
      product: 'prod_hound_trial',
      name: `Premium ${trialDays}-day trial`,
      amount: options.prices?.trialFee ?? 199,
      recurring: false,
      metadata: { trial_days: String(trialDays) },
    },
    {
      price: PRICE_IDS.plus,
      product: 'prod_hound_email_plus',
      name: 'Email Plus',
      amount: options.prices?.plus ?? 2499,
      recurring: false,
      metadata: {},
    },
    {
      price: PRICE_IDS.plusMonthly,
      product: 'prod_hound_email_plus',
      name: 'Email Plus',
      amount: options.prices?.plus ?? 2499,
      recurring: true,
      metadata: {},
    },
    {
      price: PRICE_IDS.credits,
      product: 'prod_hound_credits',
      name: 'Email search credits',
      amount: options.prices?.credits ?? 999,
      recurring: false,
      metadata: {},
    },
  ];
  for (const entry of catalogue) {
    const product: FakeProduct = {
      id: entry.product,
      object: 'product',
      livemode: false,
      created: now,
      metadata: { ...entry.metadata },
      name: entry.name,
      description: null,
      active: true,
      default_price: entry.price,
    };
    const price: FakePrice = {
      id: entry.price,
      object: 'price',
      livemode: false,
      created: now,
      metadata: { ...entry.metadata },
      active: true,
      currency,
      unit_amount: entry.amount,
      unit_amount_decimal: String(entry.amount),
      billing_scheme: 'per_unit',
      type: entry.recurring ? 'recurring' : 'one_time',
      recurring: entry.recurring ? { interval: 'month', interval_count: 1, usage_type: 'licensed' } : null,
      lookup_key: entry.price.replace(/^price_/, ''),
      nickname: entry.name,
      product: entry.product,
    };
    store.products.set(product.id, product);
    store.prices.set(price.id, price);
  }
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  checkOptions(options);
  const secretKey = options.secretKey ?? 'sk_test_hound_fake';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const store = new Store(url);
  seed(store, options);
  const billing = new Billing(store);
  const sender = new WebhookSender(webhookSecret, options.retryDelaysMs ?? [200, 1000, 3000]);
  let target: Target | undefined = options.webhookUrl ? { url: options.webhookUrl, events: null } : undefined;
  store.onEvent = (event) => {
    if (!target || (target.events && !target.events.includes(event.type))) return;
    event.pending_webhooks = 1;
    sender.submit(event, target.url);
  };
  const api = new Api(store, billing, {
    secretKey,
    webhookSecret,
    onEndpoint(endpoint, deleted) {
      if (deleted) {
        if (target?.endpoint === endpoint.id) target = undefined;
        return;
      }
      // The last endpoint created wins: a restarted Hound registering itself again takes over.
      const all = endpoint.enabled_events.includes('*');
      target = { url: endpoint.url, events: all ? null : [...endpoint.enabled_events], endpoint: endpoint.id };
    },
  });
  const pages = new Pages(store, billing);

  const fake: FakeStripe = {
    url,
    port,
    secretKey,
    webhookSecret,
    prices: { ...PRICE_IDS },
    settings: {
      STRIPE_API_URL: url,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_MONTHLY: PRICE_IDS.monthly,
      STRIPE_PRICE_TRIAL_FEE: PRICE_IDS.trialFee,
      STRIPE_PRICE_PLUS_MONTHLY: PRICE_IDS.plusMonthly,
      STRIPE_PRICE_CREDITS: PRICE_IDS.credits,
    },
    setWebhookUrl(next) {
      if (next !== undefined) checkWebhookUrl(next);
      target = next ? { url: next, events: null } : undefined;
    },
    webhooks: {
      duplicate: (on) => sender.duplicate(on),
      delay: (ms) => sender.delay(ms),
      hold: () => sender.hold(),
      release: (order) => sender.release(order),
      deliveries: () => sender.deliveries(),
      idle: () => sender.idle(),
    },
    events: () => copy(store.events),
    now: () => store.now(),
    advanceClock: (seconds) => billing.advance(seconds),
    outage(on) {
      store.outage = on;
    },
    latency(ms) {
      store.latencyMs = ms;
    },
    hang(on) {
      store.hanging = on;
      if (!on) dropHeld(store);
      return store.heldCount;
    },
    failPaymentsFor(customerId, on) {
      if (on) store.failing.add(customerId);
      else store.failing.delete(customerId);
    },
    async completeCheckout(sessionId, card = '4242424242424242') {
      if (!store.sessions.has(sessionId)) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
      return store.instant(() => pay(store, sessionId, card));
    },
    customers: () => copy([...store.customers.values()]),
    refund(target) {
      const values: Record<string, string> = {};
      if (target.charge) values.charge = target.charge;
      if (target.paymentIntent) values.payment_intent = target.paymentIntent;
      if (target.amount !== undefined) values.amount = String(target.amount);
      return copy(store.instant(() => refund(store, new Params(values))));
    },
    openDispute: (chargeId) => copy(store.instant(() => openDispute(store, chargeId))),
    closeDispute: (id, outcome) => copy(store.instant(() => closeDispute(store, id, outcome))),
    extraInvoice: (subscriptionId, reason) => copy(store.instant(() => extraInvoice(store, subscriptionId, reason))),
    subscriptions: () => copy([...store.subscriptions.values()]),
    invoices: () => copy([...store.invoices.values()]),
    close() {
      sender.close();
      dropHeld(store);
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  const route = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const requestUrl = new URL(request.url ?? '/', url);
    const path = requestUrl.pathname;
    if (path.startsWith('/v1/')) return api.handle(request, response, requestUrl);
    if (path.startsWith('/_fake/')) return handleControl(request, response, requestUrl, fake, sender, store);
    if (path === '/' && request.method === 'GET') {
      return sendHtml(
        response,
        200,
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe</title></head><body><main><h1>Fake Stripe (Hound testkit)</h1><p>API under /v1, pages under /checkout, /portal and /invoices, controls under /_fake.</p></main></body></html>',
      );
    }
    if (await pages.handle(request, response, requestUrl)) return;
    sendHtml(
      response,
      404,
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1></body></html>',
    );
  };
  server.on('request', (request, response) => {
    route(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      sendJson(response, 500, { error: { type: 'api_error', message: `Fake Stripe failed: ${String(error)}` } });
    });
  });
  return fake;
}
