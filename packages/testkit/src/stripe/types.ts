/**
 * The fake's objects, in the wire shape of Stripe API version 2026-10-28.endive (what stripe-node 23
 * types describe), and its public interface. Only the fields Hound (or a test) may read are present;
 * what Stripe sends and Hound never reads is left out rather than faked.
 */
import type { Metadata } from './params.ts';

export type { Metadata };

export interface List<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

interface Base {
  id: string;
  livemode: false;
  created: number;
  metadata: Metadata;
}

export interface FakeProduct extends Base {
  object: 'product';
  name: string;
  description: string | null;
  active: boolean;
  default_price: string;
}

export interface FakePrice extends Base {
  object: 'price';
  active: boolean;
  currency: string;
  unit_amount: number;
  unit_amount_decimal: string;
  billing_scheme: 'per_unit';
  type: 'recurring' | 'one_time';
  recurring: { interval: 'month'; interval_count: 1; usage_type: 'licensed' } | null;
  lookup_key: string;
  nickname: string | null;
  product: string;
}

export interface FakeCustomer extends Base {
  object: 'customer';
  email: string | null;
  name: string | null;
  description: string | null;
  balance: number;
  currency: string | null;
  delinquent: boolean;
  invoice_prefix: string;
  invoice_settings: { default_payment_method: string | null };
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  livemode: false;
  created: number;
  customer: string | null;
  type: 'card';
  card: { brand: 'visa'; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'GB' };
  metadata: Metadata;
}

export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';

export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  metadata: Metadata;
  price: FakePrice;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
}

export interface FakeSubscription extends Base {
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  currency: string;
  collection_method: 'charge_automatically';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: {
    reason: 'cancellation_requested' | 'payment_failed' | null;
    comment: null;
    feedback: null;
  };
  start_date: number;
  billing_cycle_anchor: number;
  trial_start: number | null;
  trial_end: number | null;
  latest_invoice: string | null;
  default_payment_method: string | null;
  items: List<FakeSubscriptionItem>;
}

export interface FakeInvoiceLine {
  id: string;
  object: 'line_item';
  livemode: false;
  amount: number;
  subtotal: number;
  currency: string;
  description: string;
  quantity: number;
  invoice: string;
  metadata: Metadata;
  period: { start: number; end: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: { subscription: string; subscription_item: string | null; proration: false };
  } | null;
}

export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';

export interface FakeInvoice extends Base {
  object: 'invoice';
  number: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  collection_method: 'charge_automatically';
  billing_reason: BillingReason;
  currency: string;
  subtotal: number;
  total: number;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  /** When the fake will retry a failed charge (fake clock); null when paid or out of retries. */
  next_payment_attempt: number | null;
  /** Not in API 2026 (it lists `payments`), kept because it is the simplest way to find the charge. */
  payment_intent: string | null;
  hosted_invoice_url: string;
  invoice_pdf: null;
  description: string | null;
  period_start: number;
  period_end: number;
  lines: List<FakeInvoiceLine>;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Metadata };
  } | null;
  status_transitions: {
    finalized_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
    marked_uncollectible_at: number | null;
  };
}

export interface FakePaymentIntent extends Base {
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  description: string | null;
  status: 'succeeded' | 'requires_payment_method';
  payment_method: string | null;
  latest_charge: string | null;
  last_payment_error: { type: 'card_error'; code: 'card_declined'; decline_code: string; message: string } | null;
}

export interface FakeCharge extends Base {
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  paid: boolean;
  refunded: boolean;
  status: 'succeeded';
  currency: string;
  customer: string | null;
  payment_intent: string;
  payment_method: string | null;
}

export interface FakeRefund extends Base {
  object: 'refund';
  amount: number;
  currency: string;
  status: 'succeeded';
  reason: string | null;
  payment_intent: string;
  charge: string;
}

export interface FakeDispute extends Base {
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: 'fraudulent';
  status: 'needs_response' | 'won' | 'lost';
}

/** API 2026's link between an invoice and the payment that paid it (`GET /v1/invoice_payments`). */
export interface FakeInvoicePayment {
  id: string;
  object: 'invoice_payment';
  livemode: false;
  created: number;
  invoice: string;
  amount_paid: number;
  currency: string;
  is_default: true;
  status: 'paid';
  payment: { type: 'payment_intent'; payment_intent: string };
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  livemode: false;
  created: number;
  /** The hosted page while the session is open; null afterwards, like Stripe. */
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  mode: 'subscription' | 'payment';
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Metadata;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  subscription: string | null;
  payment_intent: string | null;
  invoice: string | null;
}

export interface FakeCheckoutLineItem {
  id: string;
  object: 'item';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  description: string;
  price: FakePrice;
  quantity: number;
}

export interface FakePortalSession {
  id: string;
  object: 'billing_portal.session';
  livemode: false;
  created: number;
  customer: string;
  return_url: string | null;
  url: string;
  configuration: string;
  flow: null;
  locale: null;
  on_behalf_of: null;
}

export interface FakeWebhookEndpoint extends Base {
  object: 'webhook_endpoint';
  url: string;
  enabled_events: string[];
  status: 'enabled';
  api_version: string | null;
  description: string | null;
  /** Stripe returns the signing secret only on create; so does the fake. */
  secret?: string;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** One POST of an event to the webhook URL. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  /** 1 for the first POST of this copy of the event, 2 for its first retry… */
  attempt: number;
  /** The HTTP status the endpoint answered, when it answered. */
  status?: number;
  /** Why no status: connection refused, timeout… */
  error?: string;
  ok: boolean;
  /** Set on the last failed attempt: the fake will not try this copy again. */
  gaveUp?: boolean;
  /** Wall-clock milliseconds when the attempt finished. */
  at: number;
}

export type ReleaseOrder = 'sent' | 'reverse' | 'shuffle';

export interface WebhookControls {
  /** Deliver every event twice (same event id), as Stripe occasionally does. */
  duplicate(on: boolean): void;
  /** Wait this long before each first delivery attempt (0 = send at once). */
  delay(ms: number): void;
  /** Queue new deliveries instead of sending them, until `release()`. */
  hold(): void;
  /** Send everything held, in creation order, reversed or shuffled; ends holding. */
  release(order?: ReleaseOrder): void;
  deliveries(): WebhookDelivery[];
  /** Resolves when nothing is queued, delayed, in flight or awaiting a retry (held deliveries don't count). */
  idle(): Promise<void>;
}

export interface FakeStripeOptions {
  port?: number;
  /** The only API key accepted (default 'sk_test_hound_fake'). */
  secretKey?: string;
  /** Signs webhooks (default 'whsec_' + random hex). */
  webhookSecret?: string;
  /** Where events are POSTed; can also be set later, or by `POST /v1/webhook_endpoints`. */
  webhookUrl?: string;
  currency?: 'gbp';
  /** Seeded amounts in pence (defaults 1500, 199, 2499). */
  prices?: { monthly?: number; trialFee?: number; plus?: number; credits?: number };
  /** Waits between webhook attempts (default [200, 1000, 3000]); one retry per entry. */
  retryDelaysMs?: number[];
  /** Trial length that names the seeded trial-fee product and its `metadata.trial_days` (default 7). */
  trialDays?: number;
}

export interface FakeStripeSettings {
  STRIPE_API_URL: string;
  STRIPE_SECRET_KEY: string;
  STRIPE_WEBHOOK_SECRET: string;
  STRIPE_PRICE_MONTHLY: string;
  STRIPE_PRICE_TRIAL_FEE: string;
  STRIPE_PRICE_PLUS_MONTHLY: string;
  STRIPE_PRICE_CREDITS: string;
}

export type CheckoutOutcome =
  | {
      outcome: 'paid';
      /** success_url with `{CHECKOUT_SESSION_ID}` filled in (null when the session had none). */
      redirectUrl: string | null;
      session: FakeCheckoutSession;
    }
  | { outcome: 'declined' | 'invalid_card' | 'not_open'; message: string; session: FakeCheckoutSession };

export interface FakeStripe {
  /** `http://127.0.0.1:PORT`: the API (`/v1`), hosted pages and the `/_fake` control surface. */
  readonly url: string;
  readonly port: number;
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Seeded price ids. */
  readonly prices: { monthly: string; trialFee: string; plus: string; plusMonthly: string; credits: string };
  /** Hound's environment for this fake. */
  readonly settings: FakeStripeSettings;
  setWebhookUrl(url: string | undefined): void;
  readonly webhooks: WebhookControls;
  /** Every event created so far, oldest first (delivered or not). */
  events(): FakeEvent[];
  /** The fake's clock, unix seconds (starts at the wall clock). */
  now(): number;
  /** Moves the clock forward, running whatever falls due on the way, in time order; returns `now()`. */
  advanceClock(seconds: number): number;
  /** While on, every API request answers 500 `api_error` (Stripe being down); hosted pages still work. */
  outage(on: boolean): void;
  /** Every API request waits `ms` before it is handled (0: none). Hosted pages and controls do not. */
  latency(ms: number): void;
  /**
   * While on, every API request is accepted and never answered, as a Stripe that hangs; turning it off
   * drops the held connections (the client sees them reset). Returns how many requests were ever held.
   */
  hang(on: boolean): number;
  /** Off-session charges (renewals, retries, trial_end=now) for this customer fail while on. */
  failPaymentsFor(customerId: string, on: boolean): void;
  /**
   * What the hosted page's Pay button does (default card 4242…). Resolves with the outcome — declined and
   * invalid cards included; rejects only for an unknown session.
   */
  completeCheckout(sessionId: string, card?: string): Promise<CheckoutOutcome>;
  customers(): FakeCustomer[];
  /**
   * Refunds a charge (or the charge of a payment intent), fully unless `amount` (pence) says less, as an
   * operator would in Stripe's dashboard: `refund.created` and `charge.refunded`.
   */
  refund(target: { charge?: string; paymentIntent?: string; amount?: number }): FakeRefund;
  /** Opens a dispute on a charge (`charge.dispute.created`). */
  openDispute(chargeId: string): FakeDispute;
  /** Closes a dispute won or lost (`charge.dispute.closed`). */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): FakeDispute;
  /** Bills a subscription's items now with this billing_reason (e.g. `manual`), charged off-session. */
  extraInvoice(subscriptionId: string, reason: BillingReason): FakeInvoice;
  subscriptions(): FakeSubscription[];
  invoices(): FakeInvoice[];
  close(): Promise<void>;
}
