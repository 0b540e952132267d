import { V1ErrorSchema, V1UsageSchema } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeys } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { toApiKey, usageOf } from '../api-keys/list-keys.ts';
import { caller } from '../auth/guard.ts';
import type { ApiV1Deps } from './api-v1-deps.ts';
import { keyOf } from './key-guard.ts';

/** `GET /api/v1/usage` (scope `account:read`): the plan, its limits, the balance and this key's 30 days. */
export const usageV1Routes: FastifyPluginAsyncZod<{ deps: ApiV1Deps }> = async (app, { deps }) => {
  const db = deps.app.db.db;
  app.get(
    '/usage',
    {
      schema: {
        summary: 'My plan’s API limits, my credits, and this key’s usage over the last 30 days',
        tags: ['v1: account'],
        response: { 200: V1UsageSchema, 401: V1ErrorSchema, 403: V1ErrorSchema, 429: V1ErrorSchema },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const key = keyOf(request);
      await deps.usage.flush();
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
      if (!row) throw new AppError('API_KEY_INVALID', 'Invalid or revoked API key.');
      const full = toApiKey(row, (await usageOf(db, [key.id], deps.now())).get(key.id) ?? []);
      return {
        plan: user.plan,
        credits: user.emailSearchCredits,
        limits: key.limits,
        key: { id: full.id, name: full.name, prefix: full.prefix, scopes: full.scopes, usage: full.usage },
      };
    },
  );
};
