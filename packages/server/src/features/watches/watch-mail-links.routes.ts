import { WatchMailActionSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyMailAction } from './mail-action.ts';
import { WatchIdParams, watchErrors } from './route-schemas.ts';
import type { WatchDeps } from './watch-deps.ts';

const tags = ['watches'];
const MailActionAnswer = z.object({ action: z.enum(['unsubscribe', 'pause']), label: z.string() });

/**
 * The links in watch mails: stop a watch's mails, or pause it. No session and no API key — the signed token
 * from the mail is the proof — so they are a plugin of their own, mounted for the web app only and never under
 * `/api/v1` (decision 157).
 */
export const watchMailLinkRoutes: FastifyPluginAsyncZod<{ deps: WatchDeps }> = async (app, { deps }) => {
  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; nothing in it is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/watches/:id/mail-action',
    {
      schema: {
        summary: "A watch mail's link: stop its mails, or pause it",
        description: 'No session: the signed token from the mail is the proof (400 `WATCH_LINK_INVALID` otherwise).',
        tags,
        params: WatchIdParams,
        body: WatchMailActionSchema,
        response: { 200: MailActionAnswer, ...watchErrors },
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
        params: WatchIdParams,
        querystring: z.object({ token: z.string().max(200) }),
        response: { 200: MailActionAnswer, ...watchErrors },
      },
    },
    async (request) => applyMailAction(deps, request.params.id, 'unsubscribe', request.query.token),
  );
};
