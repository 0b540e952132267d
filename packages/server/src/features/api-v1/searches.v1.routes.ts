/** `/api/v1/searches`: username searches started, read, waited for, streamed and cancelled with a key. */
import {
  API_KEY_MESSAGES,
  API_V1_BASE,
  FOLLOW_LIMITS,
  SearchTreeSchema,
  V1ErrorSchema,
  V1SearchListSchema,
  V1SearchSchema,
  V1SearchStartedSchema,
  V1StartSearchRequestSchema,
  V1WaitQuerySchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SearchRow } from '../../db/schema/index.ts';
import { AppError, isAppError } from '../../errors.ts';
import { sseSink } from '../../lib/sse.ts';
import { caller } from '../auth/guard.ts';
import { cancelSearch } from '../searches/cancel-search.ts';
import { getSearchRow, isTerminal, searchNotFound } from '../searches/get-search-status.ts';
import { getSearchTree } from '../searches/get-search-tree.ts';
import { listSearches } from '../searches/list-searches.ts';
import { startSearch } from '../searches/start-search.ts';
import { streamSearchEvents } from '../searches/stream-search-events.ts';
import type { ApiV1Deps } from './api-v1-deps.ts';
import { keyOf } from './key-guard.ts';
import { IdParams, LastEventIdHeaders, listPage, V1PageQuery, v1Errors } from './v1-shared.ts';
import { readWhenEnded, subscribeSearch } from './wait-for-end.ts';

const tags = ['v1: username searches'];
const errors = { ...v1Errors, 503: V1ErrorSchema };

/** Seconds until the next UTC day, when daily limits start again. */
function untilTomorrow(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.ceil((next - now.getTime()) / 1000);
}

export const searchesV1Routes: FastifyPluginAsyncZod<{ deps: ApiV1Deps }> = async (app, { deps }) => {
  const db = deps.app.db.db;
  // Open streams end when the server closes; clients resume with Last-Event-ID.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  /** The caller's own search, or the 404 of an unknown one (others' searches are not confirmed to exist). */
  const own = async (userId: string, id: string): Promise<SearchRow> => {
    const row = await getSearchRow(db, id);
    if (row.userId !== userId) throw searchNotFound();
    return row;
  };
  const view = async (row: SearchRow) => ({
    search_id: row.id,
    complete: isTerminal(row.status),
    ...JSON.parse((await deps.finished.status(db, row.id)).body.toString('utf8')),
  });

  app.post(
    '/searches',
    {
      schema: {
        summary: 'Start a username search',
        description:
          'Answers 202 at once with the search’s id; read it (`GET /searches/{id}`, `?wait=30` to wait for the end), stream its results (`/events`, Server-Sent Events) or get `search.completed` on a webhook. Free of credits; counts against the key’s active and daily searches and the account’s. Scope `search:username`.',
        tags,
        body: V1StartSearchRequestSchema,
        response: { 202: V1SearchStartedSchema, 422: V1ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const body = request.body;
      const now = deps.now();
      let started: Awaited<ReturnType<typeof startSearch>>;
      try {
        started = await startSearch(
          {
            db,
            queue: deps.app.queue,
            limiter: deps.app.limiter,
            engines: deps.app.engines,
            log: request.log,
            metrics: deps.app.metrics,
          },
          {
            username: body.username,
            userId: caller(request).user.id,
            apiKey: { id: key.id, active: key.limits.active_searches, daily: key.limits.searches_per_day },
            scope: { categories: body.categories, sites: body.sites, nsfw: body.nsfw },
            ...(body.recursive ? { followDepth: body.depth ?? FOLLOW_LIMITS.defaultDepth } : {}),
            ...(body.facts === 'fetch' ? { factsMode: 'fetch' as const } : {}),
          },
        );
      } catch (error) {
        if (isAppError(error, 'SEARCH_TOO_MANY_ACTIVE')) {
          throw new AppError('SEARCH_TOO_MANY_ACTIVE', error.message, { headers: { 'retry-after': '5' } });
        }
        throw error;
      }
      if (started.status === 'device_limit') {
        throw new AppError('API_DAILY_LIMIT', API_KEY_MESSAGES.dailyLimit, {
          headers: { 'retry-after': String(untilTomorrow(now)) },
        });
      }
      if (started.status !== 'started') {
        throw new AppError('SERVICE_UNAVAILABLE', started.error, { headers: { 'retry-after': '10' } });
      }
      deps.usage.add(key.id, 'searches', now);
      const base = `${API_V1_BASE}/searches/${started.search_id}`;
      return reply
        .code(202)
        .header('location', base)
        .send({
          search_id: started.search_id,
          status: 'queued' as const,
          status_url: base,
          events_url: `${base}/events`,
          tree_url: `${base}/tree`,
        });
    },
  );

  app.get(
    '/searches',
    {
      schema: {
        summary: 'My username searches, newest first (web and API alike)',
        tags,
        querystring: V1PageQuery,
        response: { 200: V1SearchListSchema, 422: V1ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listSearches(db, caller(request).user.id, request.query);
      return listPage(rows, (s) => ({ username: s.username, status: s.status }));
    },
  );

  app.get(
    '/searches/:id',
    {
      schema: {
        summary: 'One of my searches: status and progress, and every result once it has ended',
        description:
          '`?wait=30` holds the answer up to 30 s until the search ends (long polling); `complete: false` says it is still running, with what is known so far.',
        tags,
        params: IdParams,
        querystring: V1WaitQuerySchema,
        response: { 200: V1SearchSchema, ...errors },
      },
    },
    async (request) => {
      const userId = caller(request).user.id;
      await own(userId, request.params.id);
      const row = await readWhenEnded(
        Number(request.query.wait ?? 0) * 1000,
        subscribeSearch(deps.app.bus, request.params.id),
        () => own(userId, request.params.id),
        (r) => isTerminal(r.status),
      );
      return view(row);
    },
  );

  app.get(
    '/searches/:id/tree',
    {
      schema: {
        summary: 'The search tree below one of my searches (`hound-tree/1`)',
        tags,
        params: IdParams,
        response: { 200: SearchTreeSchema, ...errors },
      },
    },
    async (request) => {
      const userId = caller(request).user.id;
      await own(userId, request.params.id);
      return getSearchTree(db, request.params.id, { userId });
    },
  );

  app.delete(
    '/searches/:id',
    {
      schema: {
        summary: 'Cancel one of my searches (results so far are kept)',
        tags,
        params: IdParams,
        response: { 200: V1SearchSchema, ...errors },
      },
    },
    async (request) => {
      const userId = caller(request).user.id;
      await own(userId, request.params.id);
      await cancelSearch(
        { db, bus: deps.app.bus, limiter: deps.app.limiter, metrics: deps.app.metrics },
        request.params.id,
        { userId },
      );
      return view(await own(userId, request.params.id));
    },
  );

  app.get(
    '/searches/:id/events',
    {
      schema: {
        summary: 'Server-Sent Events of one of my searches',
        description:
          '`result` events (id = sequence number), `progress`, then one `done`. Resume with `Last-Event-ID`. Streams open at once are capped per key.',
        tags,
        params: IdParams,
        headers: LastEventIdHeaders,
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      },
    },
    async (request, reply) => {
      const userId = caller(request).user.id;
      await own(userId, request.params.id);
      const release = deps.streams.acquire({ ip: request.ip, device: `apikey:${keyOf(request).id}` });
      const { sink, endNow, finish } = sseSink(reply);
      openStreams.add(endNow);
      try {
        await streamSearchEvents(
          {
            db,
            bus: deps.app.bus,
            heartbeatMs: deps.app.options.sseHeartbeatMs,
            finished: deps.finished,
            followLive: (id) => deps.streams.acquire({ search: `search:${id}` }),
          },
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
