import { ApiErrorSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { getFavicon } from './get-favicon.ts';

/** A neutral grey disc, shown when a site has no usable icon. */
const PLACEHOLDER =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#9ca3af"/></svg>';

export const faviconsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/api/favicon/:host',
    {
      schema: {
        summary: "A catalogue site's icon, fetched and cached by the server",
        description:
          'Only hosts of the loaded catalogues (404 otherwise). A neutral placeholder when the site has no usable icon.',
        tags: ['sites'],
        params: z.object({ host: z.string().max(253) }),
        response: { 200: z.any().describe('image'), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const icon = await getFavicon(
        { db: deps.db.db, dispatcher: deps.outbound, ttlMs: deps.options.faviconTtlMs },
        deps.engines.current(),
        request.params.host,
      );
      reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (!icon) return reply.header('cache-control', 'public, max-age=3600').type('image/svg+xml').send(PLACEHOLDER);
      return reply.header('cache-control', 'public, max-age=86400').type(icon.contentType).send(icon.body);
    },
  );
};
