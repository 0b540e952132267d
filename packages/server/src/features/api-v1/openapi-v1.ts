/**
 * `/api/v1/openapi.json`: the OpenAPI 3.1 document of `/api/v1` alone, cut from the app's document — which
 * `@fastify/swagger` builds from the same zod schemas the routes validate with — plus the key's security
 * schemes and the webhook events (OpenAPI 3.1 `webhooks`), also from the contracts' zod schemas.
 */
import {
  API_V1_BASE,
  WEBHOOK_TEST_EVENT,
  WebhookEmailSearchCompletedSchema,
  WebhookSearchCompletedSchema,
  WebhookWatchEventSchema,
  webhookEnvelope,
} from '@hound/contracts';
import { z } from 'zod';

type Document = Record<string, unknown> & { paths?: Record<string, Record<string, Record<string, unknown>>> };

const DESCRIPTION = [
  'Username and email searches, and watches of a username or an address, for scripts and integrations.',
  'Authenticate with an API key from the dashboard',
  '(`Authorization: Bearer hound_live_…` or `X-API-Key`). Searches are jobs: start one (202), then read it',
  '(`?wait=30` to wait for the end), stream its events, or receive a signed webhook when it ends.',
  'Every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; a 429 also `Retry-After`.',
  'Errors are `{status, code, error, detail}` with a stable `code`.',
].join(' ');

const SIGNATURE_HEADERS = [
  { name: 'webhook-id', description: 'The delivery’s id: the same on every retry; de-duplicate on it.' },
  { name: 'webhook-timestamp', description: 'Seconds since the epoch, of this attempt.' },
  {
    name: 'webhook-signature',
    description:
      '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` keyed by the base64 after `whsec_` in the endpoint’s secret (Standard Webhooks).',
  },
].map((h) => ({ in: 'header', required: true, schema: { type: 'string' }, ...h }));

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function webhook(summary: string, body: z.ZodType) {
  return {
    post: {
      summary,
      parameters: SIGNATURE_HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body) } } },
      responses: {
        '200': {
          description:
            'Any 2xx answer counts as delivered; anything else is retried for 24 hours (410 disables the endpoint).',
        },
      },
    },
  };
}

export function v1Document(full: Document, publicUrl: string): Record<string, unknown> {
  const paths = Object.fromEntries(
    Object.entries(full.paths ?? {}).filter(
      ([path]) => path.startsWith(`${API_V1_BASE}/`) && !path.endsWith('/openapi.json'),
    ),
  );
  return {
    openapi: '3.1.0',
    info: { title: 'Hound API', version: '1', description: DESCRIPTION },
    servers: [{ url: publicUrl }],
    paths,
    components: {
      ...(full.components as Record<string, unknown> | undefined),
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', description: 'An API key: `hound_live_…`' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
    },
    security: [{ bearerKey: [] }, { apiKeyHeader: [] }],
    webhooks: {
      'search.completed': webhook(
        'A username search of the account ended (completed, failed or cancelled)',
        webhookEnvelope('search.completed', WebhookSearchCompletedSchema),
      ),
      'email_search.completed': webhook(
        'An email search of the account ended',
        webhookEnvelope('email_search.completed', WebhookEmailSearchCompletedSchema),
      ),
      'watch.event': webhook(
        'A watch of the account has an event (an account appeared or went, a new breach, a run summary, …)',
        webhookEnvelope('watch.event', WebhookWatchEventSchema),
      ),
      [WEBHOOK_TEST_EVENT]: webhook(
        'The test event that verifies an endpoint',
        webhookEnvelope(WEBHOOK_TEST_EVENT, z.object({ endpoint_id: z.string() })),
      ),
    },
  };
}
