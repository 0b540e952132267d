/**
 * The REST API under `/v1`: authentication, idempotency, routing, validation and list/expand handling.
 * Money-moving behaviour lives in checkout.ts, payments.ts, invoices.ts and billing.ts; this file turns
 * requests into calls and objects into JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Billing } from './billing.ts';
import { expire, expireIfDue, newCustomer } from './checkout.ts';
import { ApiError, invalid, missing, required } from './errors.ts';
import { FormError, parseForm } from './form.ts';
import { BodyTooLarge, readBody, sendJson } from './http.ts';
import { delayOrHold } from './latency.ts';
import { Params } from './params.ts';
import { refund } from './payments.ts';
import { API_VERSION, copy, newestFirst, newId, page, type SessionPlan, type Store } from './store.ts';
import type {
  FakeCheckoutSession,
  FakeCustomer,
  FakeInvoicePayment,
  FakePortalSession,
  FakePrice,
  FakeSubscription,
  FakeWebhookEndpoint,
  List,
} from './types.ts';

const DAY = 86_400;

type Handler = (params: Params, id: string) => object;
interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

interface Remembered {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface ApiOptions {
  secretKey: string;
  webhookSecret: string;
  /** A webhook endpoint was created (it becomes the target) or deleted. */
  onEndpoint(endpoint: FakeWebhookEndpoint, deleted: boolean): void;
}

function mask(key: string): string {
  return key.length > 12 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : key;
}

function checkUrl(params: Params, key: string): string | null {
  const value = params.string(key);
  if (value === undefined || value === '') return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw invalid('Not a valid URL', params.name(key), 'url_invalid');
  }
  return value;
}

export class Api {
  private readonly routes: Route[] = [];
  private readonly remembered = new Map<string, Remembered>();

  constructor(
    private readonly store: Store,
    billing: Billing,
    private readonly options: ApiOptions,
  ) {
    const s = store;
    const b = billing;
    this.on('GET', '/v1/prices', (p) => this.listPrices(p));
    this.on('GET', '/v1/prices/:id', (p, id) => this.expand(s.get(s.prices, id, 'price'), p));
    this.on('GET', '/v1/products', (p) => page(newestFirst(s.products), p, '/v1/products'));
    this.on('GET', '/v1/products/:id', (p, id) => this.expand(s.get(s.products, id, 'product'), p));

    this.on('POST', '/v1/customers', (p) => this.expand(this.createCustomer(p), p));
    this.on('GET', '/v1/customers', (p) => this.listCustomers(p));
    this.on('GET', '/v1/customers/:id', (p, id) => this.expand(s.get(s.customers, id, 'customer'), p));
    this.on('POST', '/v1/customers/:id', (p, id) => this.expand(this.updateCustomer(id, p), p));

    this.on('POST', '/v1/checkout/sessions', (p) => this.expand(this.createSession(p), p));
    this.on('GET', '/v1/checkout/sessions', (p) => this.listSessions(p));
    this.on('GET', '/v1/checkout/sessions/:id', (p, id) => this.expand(this.session(id), p));
    this.on('GET', '/v1/checkout/sessions/:id/line_items', (p, id) => {
      const items = s.lineItems(this.session(id));
      return page(items.data, p, items.url);
    });
    this.on('POST', '/v1/checkout/sessions/:id/expire', (p, id) => {
      const session = this.session(id);
      expire(s, session);
      return this.expand(session, p);
    });

    this.on('GET', '/v1/subscriptions', (p) => this.listSubscriptions(p));
    this.on('GET', '/v1/subscriptions/:id', (p, id) => this.expand(s.get(s.subscriptions, id, 'subscription'), p));
    this.on('POST', '/v1/subscriptions/:id', (p, id) => {
      const sub = s.get(s.subscriptions, id, 'subscription');
      b.updateSubscription(sub, p);
      return this.expand(sub, p);
    });
    this.on('DELETE', '/v1/subscriptions/:id', (p, id) => {
      const sub = s.get(s.subscriptions, id, 'subscription');
      b.cancel(sub, 'cancellation_requested');
      return this.expand(sub, p);
    });

    this.on('GET', '/v1/invoices', (p) => this.listInvoices(p));
    this.on('GET', '/v1/invoices/:id', (p, id) => this.expand(s.get(s.invoices, id, 'invoice'), p));
    this.on('GET', '/v1/invoices/:id/lines', (p, id) => {
      const lines = s.get(s.invoices, id, 'invoice').lines;
      return page(lines.data, p, lines.url);
    });
    this.on('GET', '/v1/payment_intents/:id', (p, id) => this.expand(s.get(s.paymentIntents, id, 'payment_intent'), p));
    this.on('GET', '/v1/charges/:id', (p, id) => this.expand(s.get(s.charges, id, 'charge'), p));
    this.on('GET', '/v1/payment_methods/:id', (p, id) => this.expand(s.get(s.paymentMethods, id, 'payment_method'), p));

    this.on('GET', '/v1/invoice_payments', (p) => this.listInvoicePayments(p));
    this.on('GET', '/v1/disputes/:id', (p, id) => this.expand(s.get(s.disputes, id, 'dispute'), p));
    this.on('POST', '/v1/refunds', (p) => this.expand(refund(s, p), p));
    this.on('GET', '/v1/refunds', (p) => {
      const intent = p.string('payment_intent');
      const refunds = newestFirst(s.refunds).filter((r) => !intent || r.payment_intent === intent);
      return page(refunds, p, '/v1/refunds');
    });
    this.on('GET', '/v1/refunds/:id', (p, id) => this.expand(s.get(s.refunds, id, 'refund'), p));

    this.on('POST', '/v1/billing_portal/sessions', (p) => this.createPortalSession(p));

    this.on('POST', '/v1/webhook_endpoints', (p) => this.createEndpoint(p));
    this.on('GET', '/v1/webhook_endpoints', (p) => page(newestFirst(s.webhookEndpoints), p, '/v1/webhook_endpoints'));
    this.on('GET', '/v1/webhook_endpoints/:id', (_p, id) => copy(s.get(s.webhookEndpoints, id, 'webhook_endpoint')));
    this.on('DELETE', '/v1/webhook_endpoints/:id', (_p, id) => {
      const endpoint = s.get(s.webhookEndpoints, id, 'webhook_endpoint');
      s.webhookEndpoints.delete(id);
      this.options.onEndpoint(endpoint, true);
      return { id, object: 'webhook_endpoint', deleted: true };
    });

    this.on('GET', '/v1/events', (p) => {
      const type = p.string('type');
      const matches = (t: string) => !type || t === type || (type.endsWith('.*') && t.startsWith(type.slice(0, -1)));
      return page(
        [...s.events].reverse().filter((e) => matches(e.type)),
        p,
        '/v1/events',
      );
    });
    this.on('GET', '/v1/events/:id', (_p, id) => {
      const event = s.events.find((e) => e.id === id);
      if (!event) throw missing('event', id);
      return copy(event);
    });
  }

  private on(method: string, path: string, handler: Handler): void {
    const pattern = new RegExp(`^${path.replace(':id', '([^/]+)')}$`);
    this.routes.push({ method, pattern, handler });
  }

  private expand<T extends object>(object: T, params: Params): T {
    return this.store.expand(object, params.strings('expand'));
  }

  /** Answers one `/v1` request. */
  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? 'GET';
    const headers = { 'Request-Id': newId('req', 14), 'Stripe-Version': API_VERSION };
    const unauthorized = this.authenticate(request.headers.authorization);
    if (unauthorized) {
      return sendJson(response, 401, unauthorized.toJSON(), {
        ...headers,
        'WWW-Authenticate': 'Bearer realm="Stripe"',
      });
    }
    if (this.store.outage) {
      const error = new ApiError(500, 'api_error', 'The fake Stripe is having an outage (testkit `outage`).');
      return sendJson(response, 500, error.toJSON(), headers);
    }
    let body = '';
    try {
      body = method === 'POST' ? await readBody(request) : url.search.slice(1);
    } catch (error) {
      const status = error instanceof BodyTooLarge ? 413 : 400;
      return sendJson(response, status, new ApiError(status, 'invalid_request_error', String(error)).toJSON(), headers);
    }
    if (!(await delayOrHold(this.store, response))) return;
    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const fingerprint = `${method} ${url.pathname}\n${body}`;
    if (typeof key === 'string' && key !== '') {
      const earlier = this.remembered.get(key);
      if (earlier && earlier.fingerprint !== fingerprint) {
        const error = new ApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
        return sendJson(response, 400, error.toJSON(), headers);
      }
      if (earlier) {
        return sendJson(response, earlier.status, earlier.body, { ...headers, 'Idempotent-Replayed': 'true' });
      }
    }
    const { status, result } = this.run(method, url.pathname, body);
    // Like Stripe, only requests that ran are remembered: validation failures may be retried with the key.
    if (typeof key === 'string' && key !== '' && (status < 400 || status === 402)) {
      this.remembered.set(key, { fingerprint, status, body: result });
    }
    sendJson(response, status, result, headers);
  }

  private authenticate(header: string | undefined): ApiError | undefined {
    let key: string | undefined;
    if (header?.startsWith('Bearer ')) key = header.slice(7).trim();
    else if (header?.startsWith('Basic ')) {
      key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
    }
    if (!key) {
      return new ApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key !== this.options.secretKey) {
      return new ApiError(401, 'invalid_request_error', `Invalid API Key provided: ${mask(key)}`, 'api_key_invalid');
    }
    return undefined;
  }

  private run(method: string, path: string, body: string): { status: number; result: unknown } {
    try {
      const params = new Params(parseForm(body));
      for (const route of this.routes) {
        if (route.method !== method) continue;
        const match = route.pattern.exec(path);
        if (!match) continue;
        const id = match[1] === undefined ? '' : decodeURIComponent(match[1]);
        return { status: 200, result: this.store.instant(() => route.handler(params, id)) };
      }
      throw new ApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      );
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, result: error.toJSON() };
      if (error instanceof FormError) return { status: 400, result: invalid(error.message, error.param).toJSON() };
      const message = error instanceof Error ? error.message : String(error);
      return { status: 500, result: new ApiError(500, 'api_error', `Fake Stripe failed: ${message}`).toJSON() };
    }
  }

  // ---- prices and customers -------------------------------------------------------------------------

  private listPrices(p: Params): List<FakePrice> {
    const keys = p.strings('lookup_keys');
    const active = p.boolean('active');
    const type = p.oneOf('type', ['one_time', 'recurring'] as const);
    const product = p.string('product');
    const prices = newestFirst(this.store.prices).filter(
      (price) =>
        (keys.length === 0 || keys.includes(price.lookup_key)) &&
        (active === undefined || price.active === active) &&
        (!type || price.type === type) &&
        (!product || price.product === product),
    );
    return this.expand(page(prices, p, '/v1/prices'), p);
  }

  private createCustomer(p: Params): FakeCustomer {
    const email = this.email(p);
    return newCustomer(this.store, email ?? null, p.string('name') ?? null, p.metadata());
  }

  private email(p: Params): string | undefined {
    const email = p.string('email');
    if (email && !/^[^@\s]+@[^@\s]+$/.test(email))
      throw invalid(`Invalid email address: ${email}`, 'email', 'email_invalid');
    return email;
  }

  private updateCustomer(id: string, p: Params): FakeCustomer {
    const customer = this.store.get(this.store.customers, id, 'customer');
    const before = copy(customer);
    const email = this.email(p);
    const metadata = p.metadata('metadata', customer.metadata);
    if (email !== undefined) customer.email = email === '' ? null : email;
    const name = p.string('name');
    if (name !== undefined) customer.name = name === '' ? null : name;
    const description = p.string('description');
    if (description !== undefined) customer.description = description === '' ? null : description;
    customer.metadata = metadata;
    const previous: Record<string, unknown> = {};
    for (const key of ['email', 'name', 'description', 'metadata'] as const) {
      if (JSON.stringify(before[key]) !== JSON.stringify(customer[key])) previous[key] = before[key];
    }
    if (Object.keys(previous).length > 0) this.store.emit('customer.updated', customer, previous);
    return customer;
  }

  private listCustomers(p: Params): List<FakeCustomer> {
    const email = p.string('email');
    const customers = newestFirst(this.store.customers).filter((c) => !email || c.email === email);
    return this.expand(page(customers, p, '/v1/customers'), p);
  }

  // ---- checkout -------------------------------------------------------------------------------------

  private session(id: string): FakeCheckoutSession {
    const session = this.store.get(this.store.sessions, id, 'checkout.session');
    expireIfDue(this.store, session);
    return session;
  }

  private createSession(p: Params): FakeCheckoutSession {
    const now = this.store.now();
    const mode = p.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
    if (!mode) throw required('mode');
    if (mode === 'setup') throw invalid('The fake Stripe does not support `setup` mode.', 'mode');
    const customerId = p.string('customer');
    const customerEmail = p.string('customer_email');
    if (customerId && customerEmail) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    if (customerId) this.store.get(this.store.customers, customerId, 'customer', 'customer');
    const items = p.list('line_items');
    if (!items || items.length === 0) throw required('line_items');
    const lines = items.map((item, i) => {
      if (item.has('price_data'))
        throw invalid('The fake Stripe supports only `price`, not `price_data`.', item.name('price_data'));
      const id = item.requiredString('price');
      const price = this.store.prices.get(id);
      if (!price) {
        throw missing('price', id, item.name('price'));
      }
      if (!price.active) throw invalid(`The price specified is inactive: ${id}.`, item.name('price'));
      const quantity = item.integer('quantity', 1, 999_999);
      if (quantity === undefined) throw required(item.name('quantity'));
      if (mode === 'payment' && price.type === 'recurring') {
        throw invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          item.name('price'),
        );
      }
      return { price, quantity, index: i };
    });
    if (mode === 'subscription' && !lines.some((line) => line.price.type === 'recurring')) {
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    }
    const subscriptionData = p.child('subscription_data');
    if (subscriptionData && mode !== 'subscription') {
      throw invalid('You can only specify `subscription_data` in `subscription` mode.', 'subscription_data');
    }
    const intentData = p.child('payment_intent_data');
    if (intentData && mode !== 'payment') {
      throw invalid('You can only specify `payment_intent_data` in `payment` mode.', 'payment_intent_data');
    }
    const trialDays = subscriptionData?.integer('trial_period_days', 1, 730) ?? null;
    const reference = p.string('client_reference_id');
    if (reference && reference.length > 200) {
      throw invalid('client_reference_id can be at most 200 characters.', 'client_reference_id');
    }
    const plan: SessionPlan = {
      lines: lines.map((line) => ({ price: line.price.id, quantity: line.quantity })),
      trialDays,
      subscriptionMetadata: subscriptionData?.metadata() ?? {},
      paymentIntentMetadata: intentData?.metadata() ?? {},
    };
    // With a trial, the recurring lines cost nothing today: only one-time prices are due at checkout.
    const total = lines
      .filter((line) => !(trialDays && line.price.type === 'recurring'))
      .reduce((sum, line) => sum + line.price.unit_amount * line.quantity, 0);
    const id = newId('cs_test', 58);
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      livemode: false,
      created: now,
      url: `${this.store.baseUrl}/checkout/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      mode,
      customer: customerId ?? null,
      customer_email: customerEmail ?? null,
      client_reference_id: reference ?? null,
      metadata: p.metadata(),
      currency: lines[0]!.price.currency,
      amount_subtotal: total,
      amount_total: total,
      success_url: checkUrl(p, 'success_url'),
      cancel_url: checkUrl(p, 'cancel_url'),
      expires_at: p.integer('expires_at', now + 30 * 60, now + DAY) ?? now + DAY,
      subscription: null,
      payment_intent: null,
      invoice: null,
    };
    this.store.sessions.set(id, session);
    this.store.sessionPlans.set(id, plan);
    return session;
  }

  private listSessions(p: Params): List<FakeCheckoutSession> {
    const customer = p.string('customer');
    const status = p.oneOf('status', ['open', 'complete', 'expired'] as const);
    const subscription = p.string('subscription');
    const intent = p.string('payment_intent');
    for (const session of this.store.sessions.values()) expireIfDue(this.store, session);
    const sessions = newestFirst(this.store.sessions).filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (!status || s.status === status) &&
        (!subscription || s.subscription === subscription) &&
        (!intent || s.payment_intent === intent),
    );
    return this.expand(page(sessions, p, '/v1/checkout/sessions'), p);
  }

  // ---- subscriptions and invoices -------------------------------------------------------------------

  private listSubscriptions(p: Params): List<FakeSubscription> {
    const customer = p.string('customer');
    const price = p.string('price');
    const status = p.oneOf('status', [
      'all',
      'active',
      'trialing',
      'past_due',
      'canceled',
      'unpaid',
      'incomplete',
      'incomplete_expired',
      'paused',
      'ended',
    ] as const);
    const wanted = (s: FakeSubscription) => {
      if (status === undefined) return s.status !== 'canceled'; // Stripe's default hides canceled ones
      if (status === 'all') return true;
      if (status === 'ended') return s.status === 'canceled';
      return s.status === status;
    };
    const subs = newestFirst(this.store.subscriptions).filter(
      (s) =>
        wanted(s) &&
        (!customer || s.customer === customer) &&
        (!price || s.items.data.some((i) => i.price.id === price)),
    );
    return this.expand(page(subs, p, '/v1/subscriptions'), p);
  }

  private listInvoices(p: Params): List<object> {
    const customer = p.string('customer');
    const subscription = p.string('subscription');
    const status = p.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
    const invoices = newestFirst(this.store.invoices).filter(
      (i) =>
        (!customer || i.customer === customer) &&
        (!subscription || i.parent?.subscription_details.subscription === subscription) &&
        (!status || i.status === status),
    );
    return this.expand(page(invoices, p, '/v1/invoices'), p);
  }

  /** Invoices paid by a payment intent, as API 2026 links them (`payment[payment_intent]` or `invoice`). */
  private listInvoicePayments(p: Params): List<FakeInvoicePayment> {
    const payment = p.child('payment');
    const intent = payment?.string('payment_intent');
    const invoiceId = p.string('invoice');
    const payments = newestFirst(this.store.invoices)
      .filter((i) => i.payment_intent !== null && i.status === 'paid')
      .filter((i) => (!intent || i.payment_intent === intent) && (!invoiceId || i.id === invoiceId))
      .map(
        (i): FakeInvoicePayment => ({
          id: `inpay_${i.id.slice(3)}`,
          object: 'invoice_payment',
          livemode: false,
          created: i.status_transitions.paid_at ?? i.created,
          invoice: i.id,
          amount_paid: i.amount_paid,
          currency: i.currency,
          is_default: true,
          status: 'paid',
          payment: { type: 'payment_intent', payment_intent: i.payment_intent! },
        }),
      );
    return page(payments, p, '/v1/invoice_payments');
  }

  // ---- portal and webhook endpoints -----------------------------------------------------------------

  private createPortalSession(p: Params): FakePortalSession {
    const customer = this.store.get(this.store.customers, p.requiredString('customer'), 'customer', 'customer');
    const id = newId('bps');
    const session: FakePortalSession = {
      id,
      object: 'billing_portal.session',
      livemode: false,
      created: this.store.now(),
      customer: customer.id,
      return_url: checkUrl(p, 'return_url'),
      url: `${this.store.baseUrl}/portal/${id}`,
      configuration: 'bpc_hound_fake',
      flow: null,
      locale: null,
      on_behalf_of: null,
    };
    this.store.portalSessions.set(id, session);
    return copy(session);
  }

  private createEndpoint(p: Params): FakeWebhookEndpoint {
    const url = checkUrl(p, 'url');
    if (!url) throw required('url');
    const events = p.strings('enabled_events');
    if (events.length === 0) throw required('enabled_events');
    const endpoint: FakeWebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      livemode: false,
      created: this.store.now(),
      metadata: p.metadata(),
      url,
      enabled_events: events,
      status: 'enabled',
      api_version: p.string('api_version') ?? null,
      description: p.string('description') ?? null,
    };
    this.store.webhookEndpoints.set(endpoint.id, endpoint);
    this.options.onEndpoint(endpoint, false);
    return { ...copy(endpoint), secret: this.options.webhookSecret };
  }
}
