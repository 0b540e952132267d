import {
  CreateWatchRequestSchema,
  DetailErrorSchema,
  TriageWatchEventRequestSchema,
  UpdateWatchRequestSchema,
  WatchEventListSchema,
  WatchEventSchema,
  WatchEventsQuerySchema,
  WatchListSchema,
  WatchMailActionSchema,
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
import { listUserWatches } from './list-user-watches.ts';
import { listWatchEvents } from './list-watch-events.ts';
import { listWatches } from './list-watches.ts';
import { applyMailAction } from './mail-action.ts';
import { runWatchNow } from './run-watch-now.ts';
import { triageWatchEvent } from './triage-watch-event.ts';
import { updateWatch } from './update-watch.ts';
import type { WatchDeps } from './watch-deps.ts';
import { getWatchSettings, saveWatchSettings } from './watch-settings.ts';

const tags = ['watches'];
const errors = {
  400: DetailErrorSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
  409: DetailErrorSchema,
  422: DetailErrorSchema,
  429: DetailErrorSchema,
};
const Id = z.object({ id: z.string().min(1).max(64) });
const EventId = Id.extend({ eventId: z.string().min(1).max(64) });
const user = { auth: 'user' as const };

/**
 * Watchlists (issue 39). Every route but the mail links needs a session and answers only the watch's owner
 * (anyone else, admins included, gets the 404 of a missing watch); admins read a user's watches under /admin.
 */
export const watchesRoutes: FastifyPluginAsyncZod<{
  deps: WatchDeps;
  finish: FinishDeps;
  /** Whether webhook delivery exists on this server (notification settings show the choice). */
  webhooks: boolean;
}> = async (app, { deps, finish, webhooks }) => {
  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

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
      schema: { summary: 'My watches and what my plan allows', tags, response: { 200: WatchListSchema, ...errors } },
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
      schema: { summary: 'One of my watches', tags, params: Id, response: { 200: WatchSchema, ...errors } },
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
        params: Id,
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
        params: Id,
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
        params: Id,
        response: { 202: WatchSchema, ...errors, 503: DetailErrorSchema },
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
        params: Id,
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

  app.post(
    '/api/watches/:id/mail-action',
    {
      schema: {
        summary: "A watch mail's link: stop its mails, or pause it",
        description: 'No session: the signed token from the mail is the proof (400 `WATCH_LINK_INVALID` otherwise).',
        tags,
        params: Id,
        body: WatchMailActionSchema,
        response: { 200: z.object({ action: z.enum(['unsubscribe', 'pause']), label: z.string() }), ...errors },
      },
    },
    async (request) => applyMailAction(deps, request.params.id, request.body.action, request.body.token),
  );

  app.post(
    '/api/watches/:id/unsubscribe',
    {
      schema: {
        summary: 'One-click unsubscribe (RFC 8058) from a watch mail',
        tags,
        params: Id,
        querystring: z.object({ token: z.string().max(200) }),
        response: { 200: z.object({ action: z.enum(['unsubscribe', 'pause']), label: z.string() }), ...errors },
      },
    },
    async (request) => applyMailAction(deps, request.params.id, 'unsubscribe', request.query.token),
  );

  app.get(
    '/admin/users/:id/watches',
    {
      schema: {
        summary: "A user's watches (admin)",
        tags: ['admin'],
        params: Id,
        response: { 200: z.object({ items: z.array(WatchSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await listUserWatches(deps.db, request.params.id, deps.now()) }),
  );
};
