import { gzipSync } from 'node:zlib';
import { SitesResponseSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { listSites } from './list-sites.ts';

export const sitesRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // The list only changes when the engine or its health outcome does; serialise once per change.
  let cached: { engine: unknown; health: unknown; json: string; gzip: Buffer } | undefined;
  app.get(
    '/api/sites',
    {
      schema: {
        summary: 'Sites in the loaded catalogues, with source and reliability',
        tags: ['sites'],
        description: 'About a megabyte for the default catalogues: sent gzip-compressed to clients that accept it.',
        response: { 200: SitesResponseSchema.describe('The sites, their catalogue entries and self-test verdicts') },
      },
    },
    async (request, reply) => {
      const engine = deps.engines.current();
      const health = engine?.health();
      if (!cached || cached.engine !== engine || cached.health !== health) {
        const json = JSON.stringify(listSites(engine, deps.engines.state()));
        // Compressed once per change (about 1.1 MB of JSON becomes about a tenth of it).
        cached = { engine, health, json, gzip: gzipSync(json) };
      }
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(cached.gzip as never);
      }
      return reply.send(cached.json as never);
    },
  );
};
