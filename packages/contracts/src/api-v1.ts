/**
 * `/api/v1`, the versioned API for scripts and integrations (decisions 143, 144): its requests and answers,
 * and the bodies of the webhook events it sends. The server validates with these schemas and its
 * OpenAPI document (`/api/v1/openapi.json`) is generated from them.
 */
import { z } from 'zod';
import { ApiKeyLimitsSchema, ApiKeySchema } from './api-keys.ts';
import { EmailSearchRequestSchema, EmailSearchSnapshotSchema, EmailSearchStatusSchema } from './email.ts';
import { SearchStatusResponseSchema, SearchStatusSchema, StartSearchRequestSchema } from './search.ts';
import { WATCH_KINDS, WatchEventSchema } from './watches.ts';

export const API_V1_BASE = '/api/v1';

/** Every `/api/v1` error: a stable `code`, the message twice (`error` and `detail`), `balance` on a 402. */
export const V1ErrorSchema = z.object({
  status: z.literal('error'),
  code: z.string(),
  error: z.string(),
  detail: z.string(),
  balance: z.number().int().optional(),
});

/** `?wait=N`: hold the answer up to N seconds (at most 30) until the search ends. */
export const V1WaitQuerySchema = z.object({
  wait: z
    .string()
    .regex(/^\d{1,2}$/)
    .refine((v) => Number(v) <= 30, { message: 'must be at most 30' })
    .optional()
    .describe('Seconds (0–30) to wait for the search to end before answering; it answers at once when it has.'),
});

export const V1StartSearchRequestSchema = StartSearchRequestSchema.omit({ device_id: true });

export const V1SearchStartedSchema = z.object({
  search_id: z.string(),
  status: z.literal('queued'),
  status_url: z.string(),
  events_url: z.string(),
  tree_url: z.string(),
});

export const V1SearchSchema = SearchStatusResponseSchema.extend({
  search_id: z.string(),
  /** False while it runs: `result` is then absent; read again, wait (`?wait=30`) or stream the events. */
  complete: z.boolean(),
});

/** What a list says of each search, username or email. */
const V1ListItemSchema = z.object({
  search_id: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  found: z.number().int(),
  checked: z.number().int(),
  total: z.number().int(),
  /** The key that started it; null when the web app did. */
  api_key_id: z.string().nullable(),
});

export const V1SearchListItemSchema = V1ListItemSchema.extend({ username: z.string(), status: SearchStatusSchema });
export const V1SearchListSchema = z.object({ items: z.array(V1SearchListItemSchema) });

export const V1EmailSearchRequestSchema = EmailSearchRequestSchema;

export const V1EmailSearchStartedSchema = z.object({
  search_id: z.string(),
  status: z.literal('running'),
  status_url: z.string(),
  events_url: z.string(),
  /** Credits left after this search was paid (a replayed request answers the same search, paid once). */
  credits_remaining: z.number().int(),
});

export const V1EmailSearchSchema = EmailSearchSnapshotSchema.extend({ complete: z.boolean() });

export const V1EmailSearchListItemSchema = V1ListItemSchema.extend({
  email: z.string(),
  status: EmailSearchStatusSchema,
});
export const V1EmailSearchListSchema = z.object({ items: z.array(V1EmailSearchListItemSchema) });

export const V1UsageSchema = z.object({
  plan: z.enum(['free', 'trial', 'premium']),
  /** Email-search credits on the account. */
  credits: z.number().int(),
  limits: ApiKeyLimitsSchema,
  /** This key, with its last 30 days. */
  key: ApiKeySchema.pick({ id: true, name: true, prefix: true, scopes: true, usage: true }),
});

const PlanLimitsSchema = ApiKeyLimitsSchema.omit({ plan: true });
/** `GET /api/v1/plans` (no key needed): what each plan's keys may do; 0 requests a minute means no API access. */
export const V1PlansSchema = z.object({ free: PlanLimitsSchema, paid: PlanLimitsSchema });
export type V1Plans = z.infer<typeof V1PlansSchema>;

/** `data` of `search.completed`: the search's end, not its results (read them with `GET /api/v1/searches/{id}`). */
export const WebhookSearchCompletedSchema = z.object({
  search_id: z.string(),
  username: z.string(),
  status: z.enum(['completed', 'error', 'cancelled']),
  error: z.string().optional(),
  found: z.number().int(),
  checked: z.number().int(),
  total: z.number().int(),
  /** The tree's first search, when this one was started by a lead. */
  root_id: z.string().optional(),
  api_key_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WebhookSearchCompleted = z.infer<typeof WebhookSearchCompletedSchema>;

/** `data` of `email_search.completed`. */
export const WebhookEmailSearchCompletedSchema = z.object({
  search_id: z.string(),
  email: z.string(),
  status: z.enum(['completed', 'error']),
  error: z.string().optional(),
  found: z.number().int(),
  checked: z.number().int(),
  total: z.number().int(),
  api_key_id: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type WebhookEmailSearchCompleted = z.infer<typeof WebhookEmailSearchCompletedSchema>;

/** `data` of `watch.event`: one event of a watch as it happens (its triage with `/api/v1/watches/{id}/events`). */
export const WebhookWatchEventSchema = z.object({
  watch: z.object({ id: z.string(), kind: z.enum(WATCH_KINDS), target: z.string(), label: z.string() }),
  event: WatchEventSchema,
});
export type WebhookWatchEvent = z.infer<typeof WebhookWatchEventSchema>;

/** Every webhook body (Standard Webhooks): the event's type, when it happened, and its data. */
export function webhookEnvelope<T extends z.ZodType>(type: string, data: T) {
  return z.object({ type: z.literal(type), timestamp: z.string(), data });
}
