/** Plans, payments and Email Plus leads (spec 001 §2 Pricing/Billing, §3, §4, §7, §8). */
import { z } from 'zod';
import { PlanSchema } from './auth.ts';

export const BILLING_MESSAGES = {
  paymentsOff: 'Payments are not set up on this server.',
  checkoutFailed: 'Checkout failed',
  providerNotAnswering: 'The payment provider is not answering. Please try again in a minute.',
  checkoutError: 'Checkout error',
  unknownPrice: 'That price is not offered here.',
  modeMismatch: 'That price cannot be bought in this mode.',
  leadRequired: 'Email Plus needs a saved lead.',
  leadNotYours: 'That Email Plus lead belongs to another account.',
  leadNotOpen: 'That Email Plus lead has already been paid for.',
  alreadySubscribed: 'You already have a subscription. Manage it from Billing.',
  trialUsed: 'The trial can be taken once per email address.',
  noBillingAccount: 'You have no payments yet.',
  leadFailed: 'Failed to save Email Plus lead',
  emailHeaderMismatch: 'The x-user-email header must be your own address.',
  purposeRequired: 'Tell us why you need this report (10–500 characters).',
  termsRequired: 'You must accept the Email Terms.',
  cancelled: 'Your payment was cancelled. No charges have been made.',
  noInvoices: 'No invoices yet.',
  checkoutInProgress: 'A checkout is already being opened. Try again in a moment.',
  tooManyRequests: 'Too many billing requests. Try again in a minute.',
  subscriptionNotFound: 'No such Email Plus subscription.',
  subscriptionEnded: 'This Email Plus subscription has ended.',
  orderNotDelivered: 'This report has not been delivered yet.',
  orderReversed: 'The payment for this report was refunded or disputed, so the report is not available.',
  upgradeDeclined: 'Your card was declined. Nothing was charged and your plan has not changed.',
} as const;

export const LEAD_LIMITS = { purposeMin: 10, purposeMax: 500 } as const;

/** An amount in the currency's minor unit (pence). */
export const MoneySchema = z.object({ amount: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof MoneySchema>;

/** What the product costs when the server cannot ask Stripe (payments off): the spec's prices. */
export const DEFAULT_AMOUNTS = {
  monthly: { amount: 1500, currency: 'gbp' },
  trial: { amount: 199, currency: 'gbp' },
  plus: { amount: 2499, currency: 'gbp' },
  credits: { amount: 999, currency: 'gbp' },
} as const satisfies Record<string, Money>;

export const TRIAL_DAYS = 7;

/**
 * `GET /billing/prices`: the spec's price ids (null while payments are off) plus what the web app shows —
 * amounts read from the payment provider, so the page says what the card is charged.
 */
export const PricesResponseSchema = z.object({
  trial: z.string().nullable(),
  monthly: z.string().nullable(),
  plus: z.string().nullable(),
  /** The credit pack's price id (one-off payment); null when this server sells no packs. */
  credits: z.string().nullable(),
  payments_enabled: z.boolean(),
  amounts: z.object({ monthly: MoneySchema, trial: MoneySchema, plus: MoneySchema, credits: MoneySchema }),
  trial_days: z.number().int(),
  monthly_credits: z.number().int(),
  trial_credits: z.number().int(),
  /** Credits one pack adds. */
  pack_credits: z.number().int(),
});
export type PricesResponse = z.infer<typeof PricesResponseSchema>;

export const CheckoutRequestSchema = z.object({
  price_id: z.string().min(1).max(200),
  mode: z.enum(['subscription', 'payment']),
  meta: z
    .object({
      lead_id: z.string().max(100).optional(),
      product: z.string().max(40).optional(),
      delivery_email: z.string().max(1000).optional(),
    })
    .optional(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
export const UrlResponseSchema = z.object({ url: z.string() });

/** `GET /billing/checkout/:id`: has the payment's webhook been applied yet? (the return page waits on it). */
export const CheckoutStatusSchema = z.object({
  status: z.enum(['open', 'completed', 'expired']),
  kind: z.enum(['monthly', 'trial', 'plus', 'upgrade', 'credits']),
  plan: PlanSchema,
  email_search_credits: z.number().int(),
});
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  url: z.string().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoicesResponseSchema = z.object({ items: z.array(InvoiceSchema) });

/** The plan as the payment provider sees it (the Billing page). */
export const SubscriptionSummarySchema = z.object({
  status: z.string().nullable(),
  period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  trial_used: z.boolean(),
  /** The caller has a Stripe customer (any payment): the portal can be opened. */
  has_customer: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

export const LeadRequestSchema = z.object({
  email: z.string().max(1000),
  purpose: z.string().max(2000).optional(),
  accept_terms: z.boolean().optional(),
});
export const LeadResponseSchema = z.object({ lead_id: z.string() });

/**
 * `refunded`: the payment was fully refunded at Stripe (or a dispute of it was lost) after it was paid;
 * `disputed`: the cardholder's bank opened a dispute — delivery is held until it closes (issue 38 item 2).
 */
export const ORDER_STATUSES = ['lead', 'paid', 'in_progress', 'delivered', 'refused', 'refunded', 'disputed'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** An Email Plus order as its customer sees it. */
export const MyOrderSchema = z.object({
  id: z.string(),
  target_email: z.string(),
  status: OrderStatusSchema,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  due_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  refused_reason: z.string().nullable(),
  /** The Email Plus subscription this order is a period of (null for one-off orders). */
  subscription_id: z.string().nullable(),
});
export type MyOrder = z.infer<typeof MyOrderSchema>;
export const MyOrdersResponseSchema = z.object({ items: z.array(MyOrderSchema) });

/** An Email Plus subscription as its customer sees it: each paid month opens an order on `target_email`. */
export const EmailPlusSubscriptionSchema = z.object({
  id: z.string(),
  target_email: z.string(),
  status: z.string(),
  /** When the current period ends: the next renewal (or the end, when cancelled). */
  period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  created_at: z.string(),
});
export type EmailPlusSubscription = z.infer<typeof EmailPlusSubscriptionSchema>;
export const EmailPlusSubscriptionsResponseSchema = z.object({ items: z.array(EmailPlusSubscriptionSchema) });
export const ChangeTargetRequestSchema = z.object({ email: z.string().max(1000) });
