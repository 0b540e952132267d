import { ApiKeyListSchema, CreateApiKeyRequestSchema, CreatedApiKeySchema, DetailErrorSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../auth/guard.ts';
import type { ApiKeyDeps } from './api-key-deps.ts';
import { apiLimitsFor } from './api-limits.ts';
import { createKey } from './create-key.ts';
import { listKeys } from './list-keys.ts';
import { revokeKey } from './revoke-key.ts';
import { rollKey } from './roll-key.ts';

const tags = ['api keys'];
const IdParams = z.object({ id: z.string().max(64) });
const errors = { 401: DetailErrorSchema, 404: DetailErrorSchema };

/**
 * Key management, for a signed-in session only (under `/me`: the guard requires a session, and an API
 * key is refused there), so a leaked key can never make, roll or revoke keys.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ deps: ApiKeyDeps }> = async (app, { deps }) => {
  const actorOf = (request: Parameters<typeof caller>[0]) => ({ user: caller(request).user, ip: request.ip });

  app.get(
    '/me/api-keys',
    {
      schema: {
        summary: 'My API keys, with 30 days of usage each, and my plan’s API limits',
        tags,
        response: { 200: ApiKeyListSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = caller(request);
      await deps.usage.flush();
      return { items: await listKeys(deps.db, user.id, deps.now()), limits: apiLimitsFor(user.plan, deps.limits) };
    },
  );

  app.post(
    '/me/api-keys',
    {
      schema: {
        summary: 'Create an API key (answered in full this once)',
        tags,
        body: CreateApiKeyRequestSchema,
        response: {
          201: CreatedApiKeySchema,
          400: DetailErrorSchema,
          403: DetailErrorSchema.describe('The plan has no API access (`API_PLAN_REQUIRED`)'),
          409: DetailErrorSchema.describe('The plan’s number of live keys is reached (`API_KEYS_LIMIT`)'),
          ...errors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createKey(deps, actorOf(request), request.body)),
  );

  app.post(
    '/me/api-keys/:id/roll',
    {
      schema: {
        summary: 'Give a key a new secret; the previous one works for 24 more hours',
        tags,
        params: IdParams,
        response: { 200: CreatedApiKeySchema, ...errors },
      },
    },
    async (request) => rollKey(deps, actorOf(request), request.params.id),
  );

  app.delete(
    '/me/api-keys/:id',
    {
      schema: {
        summary: 'Revoke a key now (every server refuses it from this answer on)',
        tags,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeKey(deps, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
