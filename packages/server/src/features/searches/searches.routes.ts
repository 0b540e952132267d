import {
  ApiErrorSchema,
  FOLLOW_LIMITS,
  SearchStatusResponseSchema,
  SearchTreeSchema,
  StartSearchRequestSchema,
  StartSearchResponseSchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { sseSink } from '../../lib/sse.ts';
import type { StreamLimiter } from '../../limits/stream-limiter.ts';
import { cancelSearch } from './cancel-search.ts';
import type { FinishedSearchCache } from './finished-search-cache.ts';
import { getSearchTree } from './get-search-tree.ts';
import { startSearch } from './start-search.ts';
import { streamSearchEvents } from './stream-search-events.ts';

const IdParams = z.object({ id: z.string().max(64) });
const MAX_SEQ = 2_147_483_647;

export const searchesRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  streams: StreamLimiter;
  finished: FinishedSearchCache;
}> = async (app, { deps, streams, finished }) => {
  const db = deps.db.db;
  // Open event streams end when the server closes, so shutdown does not wait on them; clients resume
  // with Last-Event-ID on another node or after restart.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });

  app.post(
    '/api/search',
    {
      // A signed-in caller's search is linked to the account (My Searches); anyone else searches anonymously.
      config: { auth: 'optional' },
      schema: {
        summary: 'Start a username search',
        description:
          '**Try it out starts a real search**: this installation sends a request to every site in its catalogues for that username, and it counts against your device’s limits.\n\n' +
          'Usernames must match `^[A-Za-z0-9._-]{1,64}$` after trimming: ASCII letters, digits, `.`, `_`, `-`, 1–64 characters (422 otherwise; email addresses get a 422 pointing to email search). ' +
          '`recursive: true` (signed-in users only) follows the leads: the usernames the found profiles link to become child searches, `depth` levels deep (1 by default, at most 2; at most 10 new names per level); `GET /api/search/{id}/tree` shows the tree. `facts: "fetch"` also reads a found profile’s page where the check asked an API. ' +
          '`busy`: the service is at capacity. `device_limit`: this device or IP used up today’s searches. 429: this device or IP already runs its maximum of searches.',
        tags: ['search'],
        body: StartSearchRequestSchema,
        response: {
          200: StartSearchResponseSchema.describe('`started` with the search id, or why it did not start'),
          400: ApiErrorSchema.describe('Malformed request body'),
          401: ApiErrorSchema.describe('`recursive: true` without a signed-in session (`AUTH_REQUIRED`)'),
          422: ApiErrorSchema.describe(
            'The username breaks the rule above, or is an email address; or `sites` names an unknown site, or the scope selects no site',
          ),
          429: ApiErrorSchema.describe('This device or IP already runs its maximum of searches'),
        },
      },
    },
    async (request) =>
      startSearch(
        {
          db,
          queue: deps.queue,
          limiter: deps.limiter,
          engines: deps.engines,
          log: request.log,
          metrics: deps.metrics,
        },
        {
          username: request.body.username,
          deviceId: request.body.device_id || undefined,
          scope: { categories: request.body.categories, sites: request.body.sites, nsfw: request.body.nsfw },
          ip: request.ip,
          userId: request.auth?.user.id,
          ...(request.body.recursive ? { followDepth: request.body.depth ?? FOLLOW_LIMITS.defaultDepth } : {}),
          ...(request.body.facts === 'fetch' ? { factsMode: 'fetch' as const } : {}),
        },
      ),
  );

  app.get(
    '/api/search/status/:id',
    {
      schema: {
        summary: 'Status of a search (with every result once it has ended)',
        tags: ['search'],
        params: IdParams,
        response: {
          200: SearchStatusResponseSchema.describe('Status and progress; every result once the search has ended'),
          404: ApiErrorSchema.describe('No such search (searches are deleted after the retention period)'),
        },
      },
    },
    async (request, reply) => {
      // A finished search's answer is a cached buffer, compressed once for clients that accept gzip.
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const answer = await finished.status(db, request.params.id, gzip);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (answer.encoding === 'gzip') reply.header('content-encoding', 'gzip');
      return reply.send(answer.body as never);
    },
  );

  app.get(
    '/api/search/:id/tree',
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'The search tree of a search (issue 29): the searches its leads started, why, and the facts',
        description:
          'Format `hound-tree/1`: the search, every search its found profiles led to below it (with the reason: which profile and fact named it), the addresses they stated (`kind: email` with `lead_id`, status `not_started` until the owner starts it with `POST /api/email/leads/{lead_id}/search`: an email search costs a credit), names held back by a limit of the owner’s account (status `not_searched`, `held` says which), and every found profile with the facts its page states. ' +
          'Like the status, a username search’s tree is read with its id; a child search’s id gives its own subtree only. ' +
          'An email search’s id gives its tree (its pivot’s username searches below it) to its owner only; inside a username tree, an email search and what it led to are shown to the owner only, anyone else sees the lead and its status.',
        tags: ['search'],
        params: IdParams,
        response: {
          200: SearchTreeSchema.describe('The tree below this search'),
          401: ApiErrorSchema.describe('An email search’s tree, asked without signing in (`AUTH_REQUIRED`)'),
          404: ApiErrorSchema.describe(
            'No such search (searches are deleted after the retention period), or another user’s email search',
          ),
        },
      },
    },
    async (request) => getSearchTree(db, request.params.id, { userId: request.auth?.user.id }),
  );

  app.delete(
    '/api/search/:id',
    {
      config: { auth: 'optional' },
      schema: {
        summary: 'Cancel a search',
        description:
          'Stops its outbound requests; results stored so far are kept. Cancelling an ended search changes nothing. ' +
          'Only its owner may: a signed-in user’s search with that user’s bearer token, an anonymous search with the `device_id` it was started with (query parameter). Anyone else gets 404.',
        tags: ['search'],
        params: IdParams,
        querystring: z.object({ device_id: z.string().max(200).optional() }),
        response: {
          200: SearchStatusResponseSchema.describe('The search as it stands after the cancel'),
          404: ApiErrorSchema.describe('No such search, or not yours'),
        },
      },
    },
    async (request) =>
      cancelSearch({ db, bus: deps.bus, limiter: deps.limiter, metrics: deps.metrics }, request.params.id, {
        userId: request.auth?.user.id,
        isAdmin: request.auth?.user.isAdmin,
        deviceId: request.query.device_id || undefined,
      }),
  );

  app.get(
    '/api/search/:id/events',
    {
      schema: {
        summary: 'Server-Sent Events of a search',
        description:
          '`result` events (id = result sequence number, each result exactly once), `progress` events, then one `done` event, after which the stream ends. ' +
          'Reconnect with `Last-Event-ID` (or `?after=N`) to resume after the last result received. Comment lines are heartbeats. ' +
          'Streams open at once are capped per client address, per `device_id` and per search: 429 `TOO_MANY_STREAMS` beyond.',
        tags: ['search'],
        params: IdParams,
        // Decimal digits only, and a PostgreSQL integer: anything else is a 400, not a database error.
        querystring: z.object({
          after: z
            .string()
            .regex(/^\d{1,10}$/)
            .refine((v) => Number(v) <= MAX_SEQ, { message: `must be at most ${MAX_SEQ}` })
            .optional(),
          device_id: z.string().max(200).optional(),
        }),
        headers: z.object({
          'last-event-id': z
            .string()
            .regex(/^\d{1,9}$/)
            .optional(),
        }),
        response: {
          200: z.string().describe('text/event-stream of `result`, `progress` and `done` events'),
          404: ApiErrorSchema.describe('No such search'),
          429: ApiErrorSchema.describe('Too many event streams open from this client or device, or on this search'),
        },
      },
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const after = Number(header ?? request.query.after ?? 0);
      const release = streams.acquire({ ip: request.ip, device: request.query.device_id || undefined });
      const { sink, endNow, finish } = sseSink(reply);
      openStreams.add(endNow);
      try {
        // A missing search throws before anything is written, so it gets a normal JSON 404.
        await streamSearchEvents(
          {
            db,
            bus: deps.bus,
            heartbeatMs: deps.options.sseHeartbeatMs,
            finished,
            followLive: (id) => streams.acquire({ search: `search:${id}` }),
          },
          request.params.id,
          after,
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
