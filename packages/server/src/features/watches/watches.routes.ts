import {
  CreateWatchRequestSchema,
  DetailErrorSchema,
  TriageWatchEventRequestSchema,
  UpdateWatchRequestSchema,
  V1ErrorSchema,
  WatchEventListSchema,
  WatchEventSchema,
  WatchEventsQuerySchema,
  WatchListSchema,
  WatchSchema,
  WatchSettingsSchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../admin/admin.routes.ts';
import { caller } from '../auth/guard.ts';
import type { FinishDeps } from '../searches/finish-search.ts';
import { createWatch } from './create-watch.ts';
import { deleteWatch } from './delete-watch.ts';
import { getWatch } from './get-watch.ts';
import { listWatchEvents } from './list-watch-events.ts';
import { listWatches } from './list-watches.ts';
import { WatchIdParams, watchErrorsAs } from './route-schemas.ts';
import { runWatchNow } from './run-watch-now.ts';
import { triageWatchEvent } from './triage-watch-event.ts';
import { updateWatch } from './update-watch.ts';
import type { WatchDeps } from './watch-deps.ts';
import { getWatchSettings, saveWatchSettings } from './watch-settings.ts';

const tags = ['watches'];
const EventId = WatchIdParams.extend({ eventId: z.string().min(1).max(64) });
const user = { auth: 'user' as const };

/**
 * Watchlists (issue 39): the owner's routes. Each needs a signed-in caller and answers only the watch's owner
 * (anyone else, admins included, gets the 404 of a missing watch). Mounted twice: for the web app's session at
 * `/api/watches…`, and under `/api/v1` for API keys with the `watch` scope (`V1_FEATURES`, decision 157). The
 * mail links (watch-mail-links.routes.ts) and the admin's view (watches-admin.routes.ts) are not in it: a
 * signed link needs no key, and a key never reaches /admin.
 */
export const watchesRoutes: FastifyPluginAsyncZod<{
  deps: WatchDeps;
  finish: FinishDeps;
  /** Whether webhook delivery exists on this server (notification settings show the choice). */
  webhooks: boolean;
  /** Served under /api/v1: errors in the API's shape (decision 157). */
  v1?: boolean;
}> = async (app, { deps, finish, webhooks, v1 = false }) => {
  const errors = watchErrorsAs(v1 ? V1ErrorSchema : DetailErrorSchema);
  app.post(
    '/api/watches',
    {
      config: user,
      schema: {
        summary: 'Watch a username or an address',
        description:
          'The first run (a silent baseline) starts at once; later runs follow the cadence. `purpose` is required. 403 `WATCH_PLAN_LIMIT` when the plan has no free slot of this kind, does not allow the cadence, or (email, free plan) the address is not your own; 409 `WATCH_EXISTS`.',
        tags,
        body: CreateWatchRequestSchema,
        response: { 201: WatchSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createWatch(deps, actorOf(request), request.body)),
  );

  app.get(
    '/api/watches',
    {
      config: user,
      schema: {
        summary: 'My watches and what my plan allows',
        tags,
        response: { 200: WatchListSchema, ...errors },
      },
    },
    async (request) => listWatches(deps, caller(request).user.id, webhooks),
  );

  app.get(
    '/api/watch-settings',
    {
      config: user,
      schema: { summary: 'My digest hour and time zone', tags, response: { 200: WatchSettingsSchema, ...errors } },
    },
    async (request) => getWatchSettings(deps.db, caller(request).user.id),
  );

  app.put(
    '/api/watch-settings',
    {
      config: user,
      schema: {
        summary: 'Set my digest hour and time zone',
        tags,
        body: WatchSettingsSchema,
        response: { 200: WatchSettingsSchema, ...errors },
      },
    },
    async (request) => saveWatchSettings(deps.db, caller(request).user.id, request.body),
  );

  app.get(
    '/api/watches/:id',
    {
      config: user,
      schema: {
        summary: 'One of my watches',
        tags,
        params: WatchIdParams,
        response: { 200: WatchSchema, ...errors },
      },
    },
    async (request) => getWatch(deps, caller(request).user.id, request.params.id),
  );

  app.patch(
    '/api/watches/:id',
    {
      config: user,
      schema: {
        summary: 'Pause, resume, change cadence, label or notifications',
        tags,
        params: WatchIdParams,
        body: UpdateWatchRequestSchema,
        response: { 200: WatchSchema, ...errors },
      },
    },
    async (request) => updateWatch(deps, caller(request).user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/watches/:id',
    {
      config: user,
      schema: {
        summary: 'Delete a watch with its baseline, runs and events',
        tags,
        params: WatchIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteWatch(finish, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/watches/:id/run',
    {
      config: user,
      schema: {
        summary: 'Run a watch now',
        description:
          'At most once an hour per watch (429 `WATCH_RUN_TOO_SOON` with `Retry-After`); 409 `WATCH_RUN_OPEN` while a run is queued or running.',
        tags,
        params: WatchIdParams,
        response: { 202: WatchSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await runWatchNow(deps, caller(request).user.id, request.params.id)),
  );

  app.get(
    '/api/watches/:id/events',
    {
      config: user,
      schema: {
        summary: "A watch's events, newest first",
        tags,
        params: WatchIdParams,
        querystring: WatchEventsQuerySchema,
        response: { 200: WatchEventListSchema, ...errors },
      },
    },
    async (request) => listWatchEvents(deps, caller(request).user.id, request.params.id, request.query),
  );

  app.post(
    '/api/watches/:id/events/:eventId',
    {
      config: user,
      schema: {
        summary: 'Mark an event new, seen or dismissed',
        tags,
        params: EventId,
        body: TriageWatchEventRequestSchema,
        response: { 200: WatchEventSchema, ...errors },
      },
    },
    async (request) =>
      triageWatchEvent(deps, caller(request).user.id, request.params.id, request.params.eventId, request.body.status),
  );
};
