import {
  DetailErrorSchema,
  MySearchesResponseSchema,
  pageQuery,
  UpdateProfileRequestSchema,
  UserSchema,
} from '@hound/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { searches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { caller } from '../auth/guard.ts';
import { toUserResponse } from '../auth/to-user-response.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { cancelSearch } from '../searches/cancel-search.ts';
import type { FinishDeps } from '../searches/finish-search.ts';
import type { FinishedSearchCache } from '../searches/finished-search-cache.ts';
import { deleteAccount } from './delete-account.ts';
import { listMySearches } from './list-my-searches.ts';
import { updateProfile } from './update-profile.ts';

const tags = ['accounts'];
const errors = { 400: DetailErrorSchema, 401: DetailErrorSchema, 404: DetailErrorSchema };

/** The signed-in user's own account (every route here is guarded by its `/me` path). */
export const accountRoutes: FastifyPluginAsyncZod<{
  deps: FinishDeps;
  now: () => Date;
  billing: BillingDeps;
  /** Finished searches' cached answers: a deleted search's are forgotten at once on this node. */
  finished: FinishedSearchCache;
}> = async (app, { deps, now, billing, finished }) => {
  const { db } = deps;
  app.patch(
    '/me/profile',
    {
      schema: {
        summary: 'Change first and last name (and mail language)',
        tags,
        body: UpdateProfileRequestSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => {
      const user = await updateProfile(
        db,
        caller(request).user.id,
        { firstName: request.body.first_name, lastName: request.body.last_name, language: request.body.language },
        now(),
      );
      return toUserResponse(user);
    },
  );

  app.delete(
    '/me',
    {
      schema: {
        summary: 'Delete my account',
        description:
          'Removes the user, their sessions, searches and pending codes, and cancels their subscription at Stripe (no further charge). Paid Email Plus orders stay until delivered or refunded; payment records stay for accounting. Cannot be undone.',
        tags,
        response: { 204: z.null(), 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteAccount({ ...deps, billing }, caller(request).user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me/searches',
    {
      schema: {
        summary: 'My username searches, newest first',
        tags,
        querystring: z.object(pageQuery({ max: 1000, default: 50 })),
        response: { 200: MySearchesResponseSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => listMySearches(db, caller(request).user.id, request.query),
  );

  app.delete(
    '/me/searches/:id',
    {
      schema: {
        summary: 'Delete one of my username searches and its results',
        tags,
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const mine = and(eq(searches.id, request.params.id), eq(searches.userId, caller(request).user.id));
      const [search] = await db.select({ id: searches.id, rootId: searches.rootId }).from(searches).where(mine);
      if (!search) throw new AppError('NOT_FOUND', 'No such search.');
      await cancelSearch(deps, search.id); // a running search stops first; an ended one is unchanged
      await db.delete(searches).where(mine);
      // The searches it led to went with it (cascade): forget the whole tree's cached answers.
      finished.forgetTree(search.rootId ?? search.id);
      return reply.code(204).send(null);
    },
  );
};
