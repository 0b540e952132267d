/**
 * `/_fake/*`: the test controls over HTTP, for a process that did not start the fake (browser tests
 * against `npm run sim`). JSON in, JSON out, no authentication — the fake only listens on 127.0.0.1.
 *
 *   POST /_fake/advance          {seconds}                          → {now}
 *   POST /_fake/webhooks         {duplicate?, delayMs?, hold?, release?: true|'sent'|'reverse'|'shuffle'}
 *   POST /_fake/fail-payments    {customer, on}
 *   POST /_fake/outage           {on}                               every /v1 request answers 500 while on
 *   POST /_fake/latency          {ms}                               every /v1 request waits ms first
 *   POST /_fake/hang             {on}                               /v1 requests get no answer while on → {on, held}
 *   POST /_fake/webhook-url      {url: string|null}
 *   POST /_fake/checkout/:id/pay {card?}                            → the completeCheckout outcome
 *   POST /_fake/refund           {charge? | payment_intent?, amount?} → the refund (`charge.refunded`), as an
 *                                                                    operator refunds in the dashboard
 *   POST /_fake/disputes         {charge? | payment_intent?}        → a dispute opened (`charge.dispute.created`)
 *   POST /_fake/disputes/:id/close {outcome: 'won'|'lost'}          → the dispute closed (`charge.dispute.closed`)
 *   GET  /_fake/events, GET /_fake/deliveries
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from './http.ts';
import type { Store } from './store.ts';
import type { FakeStripe, ReleaseOrder } from './types.ts';
import type { WebhookSender } from './webhooks.ts';

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

function field<T>(body: Json, name: string, type: 'number' | 'boolean' | 'string', optional = false): T | undefined {
  const value = body[name];
  if (value === undefined && optional) return undefined;
  if (typeof value !== type) throw new ControlError(400, `"${name}" must be a ${type}`);
  return value as T;
}

/** A charge named directly, or through the payment intent it paid. */
function paymentTarget(body: Json): { charge?: string; paymentIntent?: string } {
  const charge = field<string>(body, 'charge', 'string', true);
  const paymentIntent = field<string>(body, 'payment_intent', 'string', true);
  if (!charge === !paymentIntent) throw new ControlError(400, 'give one of "charge" and "payment_intent"');
  return charge ? { charge } : { paymentIntent: paymentIntent! };
}

function chargeOfIntent(store: Store, id: string): string {
  const intent = store.paymentIntents.get(id);
  if (!intent?.latest_charge) throw new ControlError(404, `no charged payment intent ${id}`);
  return intent.latest_charge;
}

export async function handleControl(
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
  fake: FakeStripe,
  sender: WebhookSender,
  store: Store,
): Promise<void> {
  try {
    const method = request.method ?? 'GET';
    const path = url.pathname.slice('/_fake'.length);
    let body: Json = {};
    if (method === 'POST') {
      const text = await readBody(request);
      try {
        body = text.trim() === '' ? {} : (JSON.parse(text) as Json);
      } catch {
        throw new ControlError(400, 'the body must be JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ControlError(400, 'the body must be a JSON object');
      }
    }
    const checkout = /^\/checkout\/([^/]+)\/pay$/.exec(path);
    if (method === 'POST' && path === '/advance') {
      const seconds = field<number>(body, 'seconds', 'number')!;
      if (!Number.isFinite(seconds) || seconds < 0) throw new ControlError(400, '"seconds" must be ≥ 0');
      return sendJson(response, 200, { now: fake.advanceClock(seconds) });
    }
    if (method === 'POST' && path === '/webhooks') {
      const duplicate = field<boolean>(body, 'duplicate', 'boolean', true);
      const delayMs = field<number>(body, 'delayMs', 'number', true);
      const hold = field<boolean>(body, 'hold', 'boolean', true);
      const release = body.release;
      if (release !== undefined && release !== true && !['sent', 'reverse', 'shuffle'].includes(String(release))) {
        throw new ControlError(400, '"release" must be true, "sent", "reverse" or "shuffle"');
      }
      if (delayMs !== undefined && (!Number.isFinite(delayMs) || delayMs < 0)) {
        throw new ControlError(400, '"delayMs" must be ≥ 0');
      }
      if (duplicate !== undefined) fake.webhooks.duplicate(duplicate);
      if (delayMs !== undefined) fake.webhooks.delay(delayMs);
      if (hold === true) fake.webhooks.hold();
      if (hold === false || release !== undefined) {
        fake.webhooks.release(release === true || release === undefined ? 'sent' : (release as ReleaseOrder));
      }
      return sendJson(response, 200, sender.state());
    }
    if (method === 'POST' && path === '/fail-payments') {
      const customer = field<string>(body, 'customer', 'string')!;
      const on = field<boolean>(body, 'on', 'boolean')!;
      if (!fake.customers().some((c) => c.id === customer)) throw new ControlError(404, `no customer ${customer}`);
      fake.failPaymentsFor(customer, on);
      return sendJson(response, 200, { customer, on });
    }
    if (method === 'POST' && path === '/outage') {
      const on = field<boolean>(body, 'on', 'boolean')!;
      fake.outage(on);
      return sendJson(response, 200, { on });
    }
    if (method === 'POST' && path === '/latency') {
      const ms = field<number>(body, 'ms', 'number')!;
      if (!Number.isFinite(ms) || ms < 0 || ms > 600_000) throw new ControlError(400, '"ms" must be 0–600000');
      fake.latency(ms);
      return sendJson(response, 200, { ms });
    }
    if (method === 'POST' && path === '/hang') {
      const on = field<boolean>(body, 'on', 'boolean')!;
      return sendJson(response, 200, { on, held: fake.hang(on) });
    }
    if (method === 'POST' && path === '/webhook-url') {
      const target = body.url;
      if (target !== null && typeof target !== 'string') throw new ControlError(400, '"url" must be a string or null');
      fake.setWebhookUrl(target ?? undefined);
      return sendJson(response, 200, { url: target });
    }
    if (method === 'POST' && checkout) {
      const card = field<string>(body, 'card', 'string', true);
      const id = decodeURIComponent(checkout[1]!);
      if (!store.sessions.has(id)) throw new ControlError(404, `no checkout session ${id}`);
      return sendJson(response, 200, await fake.completeCheckout(id, card));
    }
    if (method === 'POST' && path === '/refund') {
      const target = paymentTarget(body);
      const amount = field<number>(body, 'amount', 'number', true);
      if (amount !== undefined && (!Number.isInteger(amount) || amount < 1)) {
        throw new ControlError(400, '"amount" must be a whole number ≥ 1 (pence)');
      }
      return sendJson(response, 200, fake.refund({ ...target, ...(amount !== undefined ? { amount } : {}) }));
    }
    if (method === 'POST' && path === '/disputes') {
      const target = paymentTarget(body);
      const chargeId = target.charge ?? chargeOfIntent(store, target.paymentIntent!);
      if (!store.charges.has(chargeId)) throw new ControlError(404, `no charge ${chargeId}`);
      return sendJson(response, 200, fake.openDispute(chargeId));
    }
    const dispute = /^\/disputes\/([^/]+)\/close$/.exec(path);
    if (method === 'POST' && dispute) {
      const id = decodeURIComponent(dispute[1]!);
      const outcome = field<string>(body, 'outcome', 'string')!;
      if (outcome !== 'won' && outcome !== 'lost') throw new ControlError(400, '"outcome" must be "won" or "lost"');
      if (!store.disputes.has(id)) throw new ControlError(404, `no dispute ${id}`);
      return sendJson(response, 200, fake.closeDispute(id, outcome));
    }
    if (method === 'GET' && path === '/events') return sendJson(response, 200, fake.events());
    if (method === 'GET' && path === '/deliveries') return sendJson(response, 200, fake.webhooks.deliveries());
    throw new ControlError(404, `no control ${method} ${url.pathname}`);
  } catch (error) {
    if (error instanceof ControlError) return sendJson(response, error.status, { error: { message: error.message } });
    const message = error instanceof Error ? error.message : String(error);
    return sendJson(response, 400, { error: { message } });
  }
}
