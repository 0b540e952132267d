import {
  DetailErrorSchema,
  EmailChecksResponseSchema,
  EmailLogsResponseSchema,
  EmailSearchRequestSchema,
  EmailSearchResponseSchema,
  EmailSearchSnapshotSchema,
  FOLLOW_LIMITS,
  pageQuery,
  StartEmailSearchResponseSchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { sseSink } from '../../lib/sse.ts';
import type { StreamLimiter } from '../../limits/stream-limiter.ts';
import { caller } from '../auth/guard.ts';
import { deleteEmailLog, listEmailLogs } from './email-logs.ts';
import { emailSearchSnapshot, ownEmailSearch } from './get-email-search.ts';
import { startEmailLead } from './start-email-lead.ts';
import { type EmailSearchDeps, startEmailSearch } from './start-email-search.ts';
import { streamEmailSearch } from './stream-email-search.ts';

const tags = ['email search'];
// 429 `EMAIL_SEARCH_TOO_MANY_ACTIVE`: the account already runs its maximum of email searches (issue 38 item 5).
const errors = {
  400: DetailErrorSchema,
  401: DetailErrorSchema,
  404: DetailErrorSchema,
  429: DetailErrorSchema,
  503: DetailErrorSchema,
};
const IdParams = z.object({ id: z.string().max(64) });

export const emailSearchRoutes: FastifyPluginAsyncZod<{
  deps: EmailSearchDeps;
  heartbeatMs: number;
  streams: StreamLimiter;
}> = async (app, { deps, heartbeatMs, streams }) => {
  const { db } = deps;
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
    for (const run of deps.running.values()) run.controller.abort();
    await Promise.all([...deps.running.values()].map((run) => run.done));
  });

  app.get(
    '/api/email/checks',
    {
      schema: {
        summary: 'The email checks, and which ones searches run',
        description: 'Checks the health self-test found unreliable are left out of searches; `reason` says why.',
        tags,
        response: { 200: EmailChecksResponseSchema },
      },
    },
    async () => {
      const engine = deps.engines.current();
      if (!engine) return { ready: false, checks: [] };
      const health = engine.emailHealth();
      return {
        ready: true,
        checks: engine.emailChecks.map((c) => {
          const h = health.get(c.id);
          return {
            id: c.id,
            name: c.name,
            domain: c.domain,
            category: c.category,
            method: c.method,
            loud: c.loud,
            ...(c.adult ? { adult: true } : {}),
            ...(c.needs ? { needs: c.needs } : {}),
            reliable: h ? h.reliable : null,
            ...(h?.reason ? { reason: h.reason } : {}),
          };
        }),
      };
    },
  );

  app.post(
    '/api/email/search',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Search an email address and wait for the answer (spec 001)',
        description:
          'Uses the credit reserved with `POST /me/credits/decrement`, or one credit now (400 "Not enough credits"). Answers the sites where the address has an account, sorted by site name, and raw records (breaches). A search that fails on our side returns its credit.',
        tags,
        body: EmailSearchRequestSchema,
        response: { 200: EmailSearchResponseSchema, ...errors, 422: DetailErrorSchema },
      },
    },
    async (request) => {
      const userId = caller(request).user.id;
      const started = await startEmailSearch(deps, userId, request.body.email, { adult: request.body.adult ?? false });
      await started.done;
      const snapshot = await emailSearchSnapshot(db, await ownEmailSearch(db, userId, started.id));
      if (snapshot.status === 'error') throw new AppError('EMAIL_SEARCH_FAILED', snapshot.error ?? 'Search failed');
      return { search_id: snapshot.search_id, accounts: snapshot.accounts, data: snapshot.data };
    },
  );

  app.post(
    '/api/email/searches',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Start an email search whose results stream at /api/email/searches/{id}/events',
        description:
          'Pays with the credit reserved by `POST /me/credits/decrement` or one credit now (400 "Not enough credits"). Send the `Idempotency-Key` the reservation was made with: a retried start then uses that reservation and, if the first try started the search, answers the same `search_id` without taking another credit.',
        tags,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
        body: EmailSearchRequestSchema,
        response: { 200: StartEmailSearchResponseSchema, ...errors, 422: DetailErrorSchema },
      },
    },
    async (request) => {
      const started = await startEmailSearch(deps, caller(request).user.id, request.body.email, {
        adult: request.body.adult ?? false,
        requestKey: request.headers['idempotency-key'],
        ...(request.body.recursive ? { followDepth: request.body.depth ?? FOLLOW_LIMITS.defaultDepth } : {}),
      });
      return { search_id: started.id };
    },
  );

  app.post(
    '/api/email/leads/:id/search',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Search an address that a profile in one of my search trees stated (one credit)',
        description:
          'The email lead (`lead_id` in `GET /api/search/{id}/tree`) becomes an email search in its tree, paid like any email search (the reserved credit, or one now: 400 "Not enough credits"). ' +
          'A lead is searched once: a repeated or parallel start answers the same `search_id` and takes no other credit; `Idempotency-Key` works as for `POST /api/email/searches`. ' +
          'It follows leads as deep as its tree does. Only the tree’s owner may: anyone else gets 404.',
        tags,
        params: IdParams,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
        response: { 200: StartEmailSearchResponseSchema, ...errors, 422: DetailErrorSchema },
      },
    },
    async (request) => {
      const started = await startEmailLead(
        deps,
        caller(request).user.id,
        request.params.id,
        request.headers['idempotency-key'],
      );
      return { search_id: started.id };
    },
  );

  app.get(
    '/api/email/searches/:id',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'One of my email searches, with every result so far',
        tags,
        params: IdParams,
        response: { 200: EmailSearchSnapshotSchema, ...errors },
      },
    },
    async (request) => {
      const row = await ownEmailSearch(db, caller(request).user.id, request.params.id);
      return emailSearchSnapshot(db, row);
    },
  );

  app.get(
    '/api/email/searches/:id/events',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Server-Sent Events of one of my email searches',
        description:
          '`result` events (id = sequence number), then one `done`. Resume with `Last-Event-ID`. 404 for a search that is not yours. ' +
          'Streams open at once are capped per client address, per user and per search: 429 `TOO_MANY_STREAMS` beyond.',
        tags,
        params: IdParams,
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,9}$/)
            .optional(),
        }),
        response: { 200: z.string().describe('text/event-stream'), ...errors, 429: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const after = Number(request.headers['last-event-id'] ?? 0);
      const userId = caller(request).user.id;
      const release = streams.acquire({
        ip: request.ip,
        device: `user:${userId}`,
        search: `email:${request.params.id}`,
      });
      const { sink, endNow, finish } = sseSink(reply);
      openStreams.add(endNow);
      try {
        await streamEmailSearch({ db, bus: deps.bus, heartbeatMs }, userId, request.params.id, after, sink);
      } finally {
        release();
        openStreams.delete(endNow);
      }
      finish();
    },
  );

  app.get(
    '/me/email-logs',
    {
      schema: {
        summary: 'My email searches, newest first (spec 001 My Searches)',
        tags,
        querystring: z.object(pageQuery({ max: 1000, default: 1000 })),
        response: { 200: EmailLogsResponseSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => listEmailLogs(db, caller(request).user.id, request.query),
  );

  app.delete(
    '/me/email-logs/:id',
    {
      schema: {
        summary: 'Delete one of my ended email searches',
        tags,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteEmailLog(db, caller(request).user.id, request.params.id)))
        throw new AppError('NOT_FOUND', 'No such email search.');
      return reply.code(204).send(null);
    },
  );
};
