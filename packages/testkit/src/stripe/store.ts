/**
 * The fake's state: every object by id, the clock, and the event log. Objects are kept in their wire
 * shape and mutated in place; whatever leaves the store (API responses, event payloads, snapshots) is a
 * deep copy, so a later change never rewrites an event that was already created.
 */

import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type ApiError, invalid, missing, nounOf } from './errors.ts';
import type { Params } from './params.ts';
import type {
  FakeCharge,
  FakeCheckoutLineItem,
  FakeCheckoutSession,
  FakeCustomer,
  FakeDispute,
  FakeEvent,
  FakeInvoice,
  FakePaymentIntent,
  FakePaymentMethod,
  FakePortalSession,
  FakePrice,
  FakeProduct,
  FakeRefund,
  FakeSubscription,
  FakeWebhookEndpoint,
  List,
} from './types.ts';

export const API_VERSION = '2026-10-28.endive';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `cus_` + 24 random base-62 characters: unguessable enough that ids never collide across tests. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** What a checkout session was created with, beyond its wire fields. */
export interface SessionPlan {
  lines: { price: string; quantity: number }[];
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
}

export class Store {
  readonly products = new Map<string, FakeProduct>();
  readonly prices = new Map<string, FakePrice>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly sessionPlans = new Map<string, SessionPlan>();
  readonly portalSessions = new Map<string, FakePortalSession>();
  readonly webhookEndpoints = new Map<string, FakeWebhookEndpoint>();
  readonly events: FakeEvent[] = [];
  /** While set, every `/v1` request answers 500 (`outage`). */
  outage = false;
  /** Every `/v1` request waits this long before it is handled (`latency`). */
  latencyMs = 0;
  /** While set, `/v1` requests are read and never answered (`hang`); they are held here. */
  hanging = false;
  readonly held = new Set<ServerResponse>();
  /** `/v1` requests held since the fake started. */
  heldCount = 0;
  /** Customers whose off-session charges fail (`failPaymentsFor`). */
  readonly failing = new Set<string>();
  /** Subscriptions that already had `customer.subscription.trial_will_end`. */
  readonly trialWarned = new Set<string>();
  private invoiceNumber = 0;
  private offset = 0;
  /** Called for every new event (the webhook sender). */
  onEvent: (event: FakeEvent) => void = () => {};

  constructor(readonly baseUrl: string) {}

  /** While set, the clock stands still (advanceClock runs each due step at exactly its time). */
  private pinned: number | undefined;

  now(): number {
    return this.pinned ?? Math.floor(Date.now() / 1000) + this.offset;
  }

  /** Sets the clock to `time` (never backwards); `pin` stops it there until the next call. */
  setClock(time: number, pin = false): void {
    const wall = Math.floor(Date.now() / 1000);
    this.offset = Math.max(this.offset, time - wall);
    this.pinned = pin ? Math.max(time, this.pinned ?? time) : undefined;
  }

  /** Runs `work` at one instant: every timestamp it writes is the same second. */
  instant<T>(work: () => T): T {
    if (this.pinned !== undefined) return work();
    this.pinned = this.now();
    try {
      return work();
    } finally {
      this.pinned = undefined;
    }
  }

  nextInvoiceNumber(): string {
    this.invoiceNumber += 1;
    return `HOUND-${String(this.invoiceNumber).padStart(4, '0')}`;
  }

  /** Creates an event from a snapshot of `object` taken now. */
  emit(type: string, object: object, previous?: Record<string, unknown>): FakeEvent {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      data: previous
        ? { object: copy(object) as Record<string, unknown>, previous_attributes: copy(previous) }
        : { object: copy(object) as Record<string, unknown> },
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    this.onEvent(event);
    return event;
  }

  /** The map that holds ids with this prefix. */
  private mapFor(id: string): Map<string, { id: string }> | undefined {
    const prefix = id.startsWith('cs_') ? 'cs' : id.slice(0, id.indexOf('_'));
    const maps: Record<string, Map<string, { id: string }>> = {
      prod: this.products,
      price: this.prices,
      cus: this.customers,
      pm: this.paymentMethods,
      sub: this.subscriptions,
      in: this.invoices,
      pi: this.paymentIntents,
      ch: this.charges,
      re: this.refunds,
      dp: this.disputes,
      cs: this.sessions,
      bps: this.portalSessions,
      we: this.webhookEndpoints,
    };
    return maps[prefix];
  }

  /** Any stored object by id, or undefined. */
  lookup(id: string): { id: string } | undefined {
    if (id.startsWith('evt_')) return this.events.find((e) => e.id === id);
    return this.mapFor(id)?.get(id);
  }

  /** The object with this id from `map`, or Stripe's 404 naming `noun`. */
  get<T>(map: Map<string, T>, id: string, noun: string, param = 'id'): T {
    const found = map.get(id);
    if (!found) throw missing(noun, id, param);
    return found;
  }

  /** A checkout session's line items, as `expand[]=line_items` and `/line_items` return them. */
  lineItems(session: FakeCheckoutSession): List<FakeCheckoutLineItem> {
    const plan = this.sessionPlans.get(session.id);
    const data = (plan?.lines ?? []).map((line, i) => {
      const price = this.prices.get(line.price)!;
      const amount = price.unit_amount * line.quantity;
      return {
        id: `li_${session.id.slice(8, 30)}${i}`,
        object: 'item' as const,
        amount_subtotal: amount,
        amount_total: amount,
        currency: price.currency,
        description: this.products.get(price.product)?.name ?? price.id,
        price: copy(price),
        quantity: line.quantity,
      };
    });
    return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${session.id}/line_items` };
  }

  /**
   * Replaces ids with their objects along each `expand` path (`subscription`, `latest_invoice.payment_intent`,
   * `data.default_payment_method` on lists). Works on a copy; fails like Stripe for fields that can't expand.
   */
  expand<T extends object>(value: T, paths: string[]): T {
    const result = copy(value) as Record<string, unknown>;
    for (const path of paths) this.expandPath(result, path.split('.'), path);
    return result as T;
  }

  private expandPath(target: Record<string, unknown>, parts: string[], path: string): void {
    const [head, ...rest] = parts;
    if (head === undefined) return;
    if (target.object === 'list' && head === 'data' && Array.isArray(target.data)) {
      for (const item of target.data as Record<string, unknown>[]) this.expandPath(item, rest, path);
      return;
    }
    if (head === 'line_items' && target.object === 'checkout.session') {
      const session = this.sessions.get(String(target.id));
      if (session) target.line_items = this.lineItems(session);
      return;
    }
    if (!(head in target)) throw cannotExpand(path);
    let value = target[head];
    if (typeof value === 'string') {
      const found = this.lookup(value);
      if (!found) throw cannotExpand(path);
      value = copy(found);
      target[head] = value;
    }
    if (value === null) return;
    if (typeof value !== 'object') throw cannotExpand(path);
    this.expandPath(value as Record<string, unknown>, rest, path);
  }
}

function cannotExpand(path: string): ApiError {
  return invalid(`This property cannot be expanded (${path}).`, 'expand', 'parameter_invalid_string');
}

/**
 * A page of `items` (already newest first) the way Stripe lists: `limit` 1–100 (default 10),
 * `starting_after` / `ending_before` cursors by id.
 */
export function page<T extends { id: string }>(items: T[], params: Params, url: string): List<T> {
  const limit = params.integer('limit', 1, 100) ?? 10;
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  let start = 0;
  let end = items.length;
  if (after) {
    const index = items.findIndex((item) => item.id === after);
    if (index === -1) throw missing(nounOf(after), after, 'starting_after');
    start = index + 1;
  }
  if (before) {
    const index = items.findIndex((item) => item.id === before);
    if (index === -1) throw missing(nounOf(before), before, 'ending_before');
    end = index;
    start = Math.max(start, end - limit);
  }
  const data = items.slice(start, Math.min(end, start + limit));
  const hasMore = before ? start > 0 : start + data.length < end;
  return { object: 'list', data: copy(data), has_more: hasMore, url };
}

/** Newest first, as Stripe lists (insertion order reversed keeps ties in a stable order). */
export function newestFirst<T>(map: Map<string, T>): T[] {
  return [...map.values()].reverse();
}
