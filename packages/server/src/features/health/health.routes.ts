import { HealthResponseSchema, type ReadinessResponse, ReadinessResponseSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { CATALOGUES_UNAVAILABLE_ADVICE } from '../../catalogues/engine-host.ts';

async function check(probe: () => Promise<void>): Promise<{ ok: boolean; detail?: string }> {
  try {
    await probe();
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'The process is up',
        tags: ['service'],
        response: { 200: HealthResponseSchema.describe('Always `ok` while the process runs') },
      },
      logLevel: 'warn',
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Database, queue and catalogues are ready',
        tags: ['service'],
        response: {
          200: ReadinessResponseSchema.describe('Ready to search'),
          503: ReadinessResponseSchema.describe('Not ready: each check says why'),
        },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const catalogues = deps.engines.state();
      const checks: ReadinessResponse['checks'] = {
        database: await check(() => deps.db.ping()),
        queue: await check(() => deps.queue.ping()),
        catalogues: catalogues.ready
          ? { ok: true }
          : {
              ok: false,
              detail: catalogues.unavailable
                ? `could not be downloaded and none is cached: ${catalogues.error} ${CATALOGUES_UNAVAILABLE_ADVICE}`
                : catalogues.error
                  ? `loading failed, retrying: ${catalogues.error}`
                  : 'loading',
            },
      };
      const ready = checks.database.ok && checks.queue.ok && checks.catalogues.ok;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
};
