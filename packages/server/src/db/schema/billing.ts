import { ORDER_STATUSES } from '@hound/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { PLANS, users } from './users.ts';

/**
 * A user's Stripe customer (one per user, created once) and the last state read from Stripe. The plan
 * itself lives on `users`; `stripe_plan` is what Stripe implied at the last sync, so only a *change* of
 * Stripe's state moves the user's plan and an admin's manual plan stays until then.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status'),
    stripePlan: text('stripe_plan', { enum: PLANS }).notNull().default('free'),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A trial was started once on this account; the trial is offered once. */
    trialUsed: boolean('trial_used').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** Bumped by every sync; a sync whose Stripe read started before another's write starts again (decision 095). */
    syncVersion: integer('sync_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_accounts_customer_uq').on(t.customerId)],
);

/** Every verified webhook event, by Stripe's id: a redelivered event that was applied is answered and skipped. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const CHECKOUT_KINDS = ['monthly', 'trial', 'plus', 'upgrade', 'credits'] as const;
export const CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const;

/** A checkout Hound started, so the return page can wait until its payment has been applied. */
export const checkouts = pgTable(
  'checkouts',
  {
    /** Stripe's checkout session id (`upgrade:<subscription>:<time>` for a trial ended early). */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHECKOUT_KINDS }).notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    orderId: text('order_id'),
    /** Stripe's hosted page, so a repeated request for the same subscription checkout gets the same one. */
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('checkouts_user_idx').on(t.userId, t.createdAt),
    // At most one open subscription checkout per user: two parallel trial checkouts cannot both be paid.
    uniqueIndex('checkouts_open_subscription_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'open' AND ${t.kind} IN ('monthly', 'trial')`),
  ],
);

/** The report an admin writes for an Email Plus order. */
export interface EmailPlusReport {
  full_name: string;
  home_address: string;
  family_members: string;
  social_profiles: string;
  email_addresses: string;
  notes: string;
  sources: string;
}

/**
 * An Email Plus request: a lead (target address and stated purpose) until paid, then an order for a
 * human-reviewed report. Payment facts come from Stripe; the report is written by an admin.
 */
export const emailPlusOrders = pgTable(
  'email_plus_orders',
  {
    id: text('id').primaryKey(),
    /** Null once the account was deleted: a paid order stays until it is delivered or refunded (decision 095). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    targetEmail: text('target_email').notNull(),
    deliveryEmail: text('delivery_email').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('lead'),
    checkoutId: text('checkout_id'),
    paymentIntentId: text('payment_intent_id'),
    amount: integer('amount'),
    currency: text('currency'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** The automated email search run for the order when it was paid. */
    searchId: text('search_id'),
    report: jsonText<EmailPlusReport>('report'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    refusedReason: text('refused_reason'),
    refundId: text('refund_id'),
    /** The Email Plus subscription whose paid period this order is (null for the old one-off orders). */
    subscriptionId: text('subscription_id'),
    /** The paid invoice that opened this order: one order per invoice, however often its events come. */
    invoiceId: text('invoice_id'),
    /** Stripe's status of a dispute of the payment; the status the order had before it (restored if won). */
    disputeStatus: text('dispute_status'),
    statusBeforeDispute: text('status_before_dispute', { enum: ORDER_STATUSES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_plus_orders_user_idx').on(t.userId, t.createdAt),
    index('email_plus_orders_status_idx').on(t.status, t.dueAt),
    uniqueIndex('email_plus_orders_checkout_uq').on(t.checkoutId),
    uniqueIndex('email_plus_orders_invoice_uq').on(t.invoiceId),
  ],
);

/**
 * An Email Plus subscription (Stripe's subscription id): the target every paid period's order searches.
 * The customer may change the target for the next period; Stripe's status is copied on each of its events.
 */
export const emailPlusSubscriptions = pgTable(
  'email_plus_subscriptions',
  {
    id: text('id').primaryKey(),
    /** Deleted with the account (its target and purpose are personal data; Stripe's subscription is cancelled). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    targetEmail: text('target_email').notNull(),
    deliveryEmail: text('delivery_email').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_plus_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A second payment for one Email Plus order (two tabs paid the same lead, issue 38 item 5e): written when its
 * invoice is applied, then its subscription is cancelled and its payment refunded at Stripe (idempotency
 * keys per subscription), retried by the background pass until Stripe confirms. The admin sees it on the order.
 */
export const emailPlusDuplicates = pgTable(
  'email_plus_duplicates',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    orderId: text('order_id').notNull(),
    invoiceId: text('invoice_id'),
    paymentIntentId: text('payment_intent_id'),
    refundId: text('refund_id'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_plus_duplicates_order_idx').on(t.orderId)],
);

/** Customer mails that go once per Stripe fact (a receipt per invoice, a trial reminder per subscription…). */
export const billingNotices = pgTable('billing_notices', {
  key: text('key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Deleted accounts whose Stripe subscriptions must be cancelled. Written in the deletion's transaction;
 * the cancellation runs after commit and, when Stripe fails, again from the background pass until done.
 */
export const stripeCancellations = pgTable(
  'stripe_cancellations',
  {
    customerId: text('customer_id').primaryKey(),
    /** The deleted mailbox's trial marker, recorded if Stripe shows a trial the last sync had not seen. */
    trialMarker: text('trial_marker'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('stripe_cancellations_due_idx').on(t.doneAt, t.nextAttemptAt)],
);

/**
 * A customer whose address changed (issue 38 item 5d): Stripe's customer gets the new address after the
 * change commits, retried by the background pass until Stripe answers; the row goes once it did (and with
 * the account, since it holds an address).
 */
export const stripeCustomerUpdates = pgTable(
  'stripe_customer_updates',
  {
    customerId: text('customer_id').primaryKey(),
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stripe_customer_updates_due_idx').on(t.nextAttemptAt)],
);

/**
 * "The trial once per mailbox", kept when the account is deleted: an HMAC of the canonical mailbox under
 * the server key, never the address itself (decisions 095, 133). With `checkout_id` it is a claim held by
 * an open trial checkout (released if that expires); without, the trial was taken.
 */
export const trialMarkers = pgTable(
  'trial_markers',
  {
    marker: text('marker').primaryKey(),
    checkoutId: text('checkout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trial_markers_checkout_idx').on(t.checkoutId)],
);

/**
 * A refunded or disputed payment's credit grant, taken back once (decision 095): written in the same
 * transaction as the ledger entry, and also when nothing was left to take, so a later reversal event of
 * the same payment never takes credits earned since.
 */
export const paymentReversals = pgTable('payment_reversals', {
  grantKey: text('grant_key').primaryKey(),
  invoiceId: text('invoice_id').notNull(),
  taken: integer('taken').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type EmailPlusOrderRow = typeof emailPlusOrders.$inferSelect;
export type EmailPlusSubscriptionRow = typeof emailPlusSubscriptions.$inferSelect;
