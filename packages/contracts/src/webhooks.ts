/**
 * Webhook endpoints and their deliveries (`/me/webhooks`): an account's URLs that hear when its work is
 * done, signed with the Standard Webhooks scheme (docs/decisions/142).
 */
import { z } from 'zod';

/** What an endpoint can subscribe to. `webhook.test` is the verification ping, sent to every endpoint. */
export const WEBHOOK_EVENT_TYPES = ['search.completed', 'email_search.completed', 'watch.event'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one account may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

export const WEBHOOK_MESSAGES = {
  urlInvalid: 'The webhook URL must be an https:// address of a public server.',
  urlPrivate: 'The webhook URL points to a private or internal address; only public servers can receive webhooks.',
  urlUnresolvable: 'The webhook URL’s host name could not be resolved.',
  tooMany: `An account can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  notFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such delivery.',
  testFailed: 'The endpoint did not accept the test event',
  notVerified: 'Verify the endpoint with a test event first.',
} as const;

export const WebhookEndpointStatusSchema = z
  .enum(['unverified', 'active', 'disabled'])
  .describe(
    '`unverified` until a test event is answered 2xx; `active` receives events; `disabled` after failing for the whole retry window or answering 410 (a passing test event enables it again).',
  );

export const CreateWebhookEndpointRequestSchema = z.object({
  url: z.string().min(1).max(2000).describe('https:// address of a public server'),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
  description: z.string().trim().max(100).optional(),
});
export type CreateWebhookEndpointRequest = z.infer<typeof CreateWebhookEndpointRequestSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: WebhookEndpointStatusSchema,
  disabled_reason: z.enum(['failing', 'gone']).nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
  /** Deliveries of the last 30 days that ended failed, and those still waiting. */
  failed_recently: z.number().int(),
  pending: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe('`whsec_…` signing secret, shown this once: keep it to verify `webhook-signature`'),
});
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({ items: z.array(WebhookEndpointSchema) });

export const WebhookTestResultSchema = z.object({
  ok: z.literal(true),
  http_status: z.number().int(),
  endpoint: WebhookEndpointSchema,
});

export const WebhookDeliverySchema = z.object({
  id: z.string().describe('The `webhook-id` header: the same on every attempt and redelivery'),
  event_type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_http_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ items: z.array(WebhookDeliverySchema), total: z.number().int() });
