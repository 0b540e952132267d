/** `/api/v1/email-searches`: email searches with a key — one credit each, `Idempotency-Key` required. */
import {
  API_KEY_MESSAGES,
  API_V1_BASE,
  FOLLOW_LIMITS,
  V1EmailSearchListSchema,
  V1EmailSearchRequestSchema,
  V1EmailSearchSchema,
  V1EmailSearchStartedSchema,
  V1ErrorSchema,
  V1WaitQuerySchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, isAppError } from '../../errors.ts';
import { sseSink } from '../../lib/sse.ts';
import { caller } from '../auth/guard.ts';
import { creditBalance } from '../credits/balance.ts';
import { onEmailProgress } from '../email-search/email-search-events.ts';
import { emailSearchSnapshot, ownEmailSearch } from '../email-search/get-email-search.ts';
import { listEmailSearches } from '../email-search/list-email-searches.ts';
import { startEmailSearch } from '../email-search/start-email-search.ts';
import { streamEmailSearch } from '../email-search/stream-email-search.ts';
import type { ApiV1Deps } from './api-v1-deps.ts';
import { keyOf } from './key-guard.ts';
import { IdParams, LastEventIdHeaders, listPage, V1PageQuery, v1Errors } from './v1-shared.ts';
import { readWhenEnded } from './wait-for-end.ts';

const tags = ['v1: email searches'];
const errors = v1Errors;

export const emailSearchesV1Routes: FastifyPluginAsyncZod<{ deps: ApiV1Deps }> = async (app, { deps }) => {
  const db = deps.app.db.db;
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  const view = async (row: Awaited<ReturnType<typeof ownEmailSearch>>) => ({
    ...(await emailSearchSnapshot(db, row)),
    complete: row.status !== 'running',
  });

  app.post(
    '/email-searches',
    {
      schema: {
        summary: 'Start an email search (one credit)',
        description:
          'Requires `Idempotency-Key` (8–100 characters): a retry with the same key — after a timeout, a lost answer, in parallel — answers the same search and spends no second credit; the same key with another address is a 409 `IDEMPOTENCY_KEY_REUSED`. Without credit: 402 `API_CREDITS_INSUFFICIENT` with `balance`. A search that fails on our side gives its credit back. Every credit movement names this key on the ledger. Scope `search:email`.',
        tags,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
        body: V1EmailSearchRequestSchema,
        response: {
          202: V1EmailSearchStartedSchema,
          402: V1ErrorSchema,
          422: V1ErrorSchema,
          503: V1ErrorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const idempotency = request.headers['idempotency-key'];
      if (!idempotency) throw new AppError('IDEMPOTENCY_KEY_REQUIRED', API_KEY_MESSAGES.idempotencyRequired);
      const userId = caller(request).user.id;
      let started: Awaited<ReturnType<typeof startEmailSearch>>;
      try {
        started = await startEmailSearch(deps.emailSearch, userId, request.body.email, {
          adult: request.body.adult ?? false,
          // One client's keys never meet another key's, nor the web modal's.
          requestKey: `api:${key.id}:${idempotency}`,
          apiKeyId: key.id,
          ...(request.body.recursive ? { followDepth: request.body.depth ?? FOLLOW_LIMITS.defaultDepth } : {}),
        });
      } catch (error) {
        if (isAppError(error, 'CREDITS_INSUFFICIENT')) {
          throw new AppError('API_CREDITS_INSUFFICIENT', error.message, { available: error.available ?? 0 });
        }
        throw error;
      }
      if (!started.replayed) deps.usage.add(key.id, 'emailSearches', deps.now());
      const base = `${API_V1_BASE}/email-searches/${started.id}`;
      return reply
        .code(202)
        .header('location', base)
        .send({
          search_id: started.id,
          status: 'running' as const,
          status_url: base,
          events_url: `${base}/events`,
          credits_remaining: await creditBalance(db, userId),
        });
    },
  );

  app.get(
    '/email-searches',
    {
      schema: {
        summary: 'My email searches, newest first',
        tags,
        querystring: V1PageQuery,
        response: { 200: V1EmailSearchListSchema, 422: V1ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listEmailSearches(db, caller(request).user.id, request.query);
      return listPage(rows, (s) => ({ email: s.email, status: s.status }));
    },
  );

  app.get(
    '/email-searches/:id',
    {
      schema: {
        summary: 'One of my email searches, with every result so far (`?wait=30` waits for the end)',
        tags,
        params: IdParams,
        querystring: V1WaitQuerySchema,
        response: { 200: V1EmailSearchSchema, ...errors },
      },
    },
    async (request) => {
      const userId = caller(request).user.id;
      const row = await readWhenEnded(
        Number(request.query.wait ?? 0) * 1000,
        (wake) => onEmailProgress(deps.app.bus, request.params.id, wake),
        () => ownEmailSearch(db, userId, request.params.id),
        (r) => r.status !== 'running',
      );
      return view(row);
    },
  );

  app.get(
    '/email-searches/:id/events',
    {
      schema: {
        summary: 'Server-Sent Events of one of my email searches',
        tags,
        params: IdParams,
        headers: LastEventIdHeaders,
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      },
    },
    async (request, reply) => {
      const userId = caller(request).user.id;
      const release = deps.streams.acquire({
        ip: request.ip,
        device: `apikey:${keyOf(request).id}`,
        search: `email:${request.params.id}`,
      });
      const { sink, endNow, finish } = sseSink(reply);
      openStreams.add(endNow);
      try {
        await streamEmailSearch(
          { db, bus: deps.app.bus, heartbeatMs: deps.app.options.sseHeartbeatMs },
          userId,
          request.params.id,
          Number(request.headers['last-event-id'] ?? 0),
          sink,
        );
      } finally {
        release();
        openStreams.delete(endNow);
      }
      finish();
    },
  );
};
