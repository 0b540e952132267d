import {
  CreatedWebhookEndpointSchema,
  CreateWebhookEndpointRequestSchema,
  DetailErrorSchema,
  pageQuery,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointListSchema,
  WebhookTestResultSchema,
} from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookEndpoints } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { caller } from '../auth/guard.ts';
import { createEndpoint } from './create-endpoint.ts';
import { listDeliveries, redeliver } from './deliveries.ts';
import { listEndpoints } from './endpoint-views.ts';
import { testEndpoint } from './test-endpoint.ts';
import type { WebhookDeps } from './webhook-deps.ts';

const tags = ['webhooks'];
const IdParams = z.object({ id: z.string().max(64) });
const errors = { 401: DetailErrorSchema, 404: DetailErrorSchema };

/** Session-only (under `/me`, so the guard requires a signed-in session; API keys never reach them). */
export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: WebhookDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/me/webhooks',
    {
      schema: {
        summary: 'My webhook endpoints',
        tags,
        response: { 200: WebhookEndpointListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listEndpoints(db, caller(request).user.id, deps.now()) }),
  );

  app.post(
    '/me/webhooks',
    {
      schema: {
        summary: 'Add a webhook endpoint (answers its signing secret once)',
        description:
          'The URL must be https:// and reach a public server (private, loopback and link-local addresses are refused, now and at every delivery). The endpoint is `unverified` until `POST /me/webhooks/{id}/test` is answered 2xx. Deliveries are signed with the Standard Webhooks scheme: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` under the `whsec_` secret.',
        tags,
        body: CreateWebhookEndpointRequestSchema,
        response: {
          201: CreatedWebhookEndpointSchema,
          400: DetailErrorSchema,
          409: DetailErrorSchema,
          422: DetailErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createEndpoint(deps, caller(request).user.id, request.body)),
  );

  app.delete(
    '/me/webhooks/:id',
    {
      schema: {
        summary: 'Remove a webhook endpoint and its delivery log',
        tags,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const gone = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, request.params.id), eq(webhookEndpoints.userId, caller(request).user.id)))
        .returning({ id: webhookEndpoints.id });
      if (gone.length === 0) throw new AppError('NOT_FOUND', 'No such webhook endpoint.');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/webhooks/:id/test',
    {
      schema: {
        summary: 'Send a signed test event; a 2xx answer verifies (or re-enables) the endpoint',
        tags,
        params: IdParams,
        response: { 200: WebhookTestResultSchema, 422: DetailErrorSchema, ...errors },
      },
    },
    async (request) => testEndpoint(deps, caller(request).user.id, request.params.id),
  );

  app.get(
    '/me/webhooks/:id/deliveries',
    {
      schema: {
        summary: 'An endpoint’s delivery log, newest first',
        tags,
        params: IdParams,
        querystring: z.object(pageQuery({ max: 100, default: 20 })),
        response: { 200: WebhookDeliveryListSchema, 422: DetailErrorSchema, ...errors },
      },
    },
    async (request) => listDeliveries(deps, caller(request).user.id, request.params.id, request.query),
  );

  app.post(
    '/me/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        summary: 'Send a delivery again (same webhook-id, a fresh 24 h of retries)',
        tags,
        params: z.object({ id: z.string().max(64), deliveryId: z.string().max(64) }),
        response: { 202: WebhookDeliverySchema, 409: DetailErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await redeliver(deps, caller(request).user.id, request.params.id, request.params.deliveryId)),
  );
};
