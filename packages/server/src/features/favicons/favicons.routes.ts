import { ApiErrorSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { getFavicon } from './get-favicon.ts';

export const faviconsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/favicon/:host',
    {
      schema: {
        summary: "A catalogue site's icon, fetched and cached by the server",
        description:
          'Only hosts of the loaded catalogues. 404 when the host is unknown or the site has no usable icon (the page then shows the site’s initial).',
        tags: ['sites'],
        params: z.object({ host: z.string().max(253) }),
        response: {
          200: z.any().describe('The icon (PNG, ICO, GIF, JPEG, WebP or SVG)'),
          404: ApiErrorSchema.describe('Unknown host, or no usable icon'),
        },
      },
    },
    async (request, reply) => {
      const icon = await getFavicon(
        { db: deps.db.db, dispatcher: deps.outbound, ttlMs: deps.options.faviconTtlMs },
        // Before the username catalogues load, the email-only engine still names the email checks' sites.
        deps.engines.current() ?? deps.engines.forEmail().current(),
        request.params.host,
      );
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      // A 404, not a grey placeholder: the page's own fallback (the site's initial) shows instead.
      if (!icon) {
        return reply
          .code(404)
          .header('cache-control', 'public, max-age=3600')
          .send({ status: 'error', code: 'NO_ICON', error: 'This site has no usable icon.' });
      }
      return reply.header('cache-control', 'public, max-age=86400').type(icon.contentType).send(icon.body);
    },
  );
};
