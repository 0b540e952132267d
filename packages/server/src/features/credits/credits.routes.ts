import { CreditHistoryResponseSchema, DetailErrorSchema, PlanSchema, pageQuery } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { caller } from '../auth/guard.ts';
import { creditHistory } from './credit-history.ts';
import { reserveCredit } from './reservations.ts';

const tags = ['credits'];

/** Spec 001 §7 credit calls (under /me, so the guard requires a session). */
export const creditsRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/me/credits',
    {
      schema: {
        summary: 'My email-search credits and plan',
        tags,
        response: { 200: z.object({ credits: z.number().int(), plan: PlanSchema }), 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const { user } = caller(request);
      return { credits: user.emailSearchCredits, plan: user.plan };
    },
  );

  app.get(
    '/me/credits/history',
    {
      schema: {
        summary: 'My credit history, newest first',
        description:
          'Every change of my balance: grants, purchases, credits reserved for an email search (`reservation`: held, spent, returned or expired, with the search), returns, expiries and reversals, each with the balance after it. Paged by `limit` (at most 100) and `skip`.',
        tags,
        querystring: z.object(pageQuery({ max: 100, default: 20 })),
        response: { 200: CreditHistoryResponseSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => creditHistory(db, caller(request).user.id, request.query),
  );

  app.post(
    '/me/credits/decrement',
    {
      schema: {
        summary: 'Reserve one credit for the next email search',
        description:
          'The credit leaves the balance now; the next email search uses it, a search that fails on our side refunds it, and an unused one returns after 15 minutes. 400 "Not enough credits" at zero. Send an `Idempotency-Key` header to make a retried request reserve once.',
        tags,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
        response: { 200: z.object({ credits: z.number().int() }), 400: DetailErrorSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const { credits } = await reserveCredit(db, caller(request).user.id, now(), {
        requestKey: request.headers['idempotency-key'],
      });
      return { credits };
    },
  );
};
