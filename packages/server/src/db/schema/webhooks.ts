import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { users } from './users.ts';

export const WEBHOOK_ENDPOINT_STATUSES = ['unverified', 'active', 'disabled'] as const;
export const WEBHOOK_DISABLED_REASONS = ['failing', 'gone'] as const;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * An account's webhook endpoint (decision 142). The signing secret is kept encrypted under the server key
 * (it must be readable to sign, so it cannot be hashed); it is shown in full once, at creation. Only
 * `active` endpoints — verified by a test event — get events.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: jsonText<string[]>('events').notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>` (AES-256-GCM, base64url) of the `whsec_` secret. */
    secretSealed: text('secret_sealed').notNull(),
    status: text('status', { enum: WEBHOOK_ENDPOINT_STATUSES }).notNull().default('unverified'),
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId)],
);

/**
 * The delivery outbox and log: one row per event and endpoint, written in the producer's transaction and
 * sent after commit by every process's sender (claimed with `FOR UPDATE SKIP LOCKED`; `next_attempt_at` is
 * also the lease). `id` is the `webhook-id` header, the same on every attempt and redelivery. `body` is the
 * exact JSON that is signed and sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The retry window (24 h) counts from here: the event, or the last redelivery. */
    retryFrom: timestamp('retry_from', { withTimezone: true }).notNull().defaultNow(),
    lastHttpStatus: integer('last_http_status'),
    /** A short code (`http_500`, `timeout`, `blocked_address` …), never a response body. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
