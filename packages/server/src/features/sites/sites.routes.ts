import { SitesResponseSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { listSites } from './list-sites.ts';

export const sitesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The list only changes when the engine or its health outcome does; serialise once per change.
  let cached: { engine: unknown; health: unknown; json: string } | undefined;
  app.get(
    '/api/sites',
    {
      schema: {
        summary: 'Sites in the loaded catalogues, with source and reliability',
        tags: ['sites'],
        response: { 200: SitesResponseSchema },
      },
    },
    async (_request, reply) => {
      const engine = deps.engines.current();
      const health = engine?.health();
      if (!cached || cached.engine !== engine || cached.health !== health) {
        cached = { engine, health, json: JSON.stringify(listSites(engine, deps.engines.state())) };
      }
      return reply.type('application/json; charset=utf-8').send(cached.json as never);
    },
  );
};
