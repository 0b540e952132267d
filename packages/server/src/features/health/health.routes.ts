import { HealthResponseSchema, type ReadinessResponse, ReadinessResponseSchema } from '@hound/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { CATALOGUES_UNAVAILABLE_ADVICE } from '../../catalogues/engine-host.ts';
import { diskState } from '../../db/disk-space.ts';
import { safeError } from '../../lib/safe-error.ts';

type Check = ReadinessResponse['checks']['database'];

/**
 * Anyone can ask /readyz, so a failing check answers a short reason code only; the error text (a file
 * path, a Redis reply, a host name) goes to the log, once per change, for the operator.
 */
function reasonLogger(log: FastifyBaseLogger) {
  const last = new Map<string, string | undefined>();
  return (name: string, check: Check, text?: string): Check => {
    if (last.get(name) !== text) {
      last.set(name, text);
      if (text !== undefined) log.warn({ check: name, reason: check.detail }, `not ready: ${name}: ${text}`);
    }
    return check;
  };
}

async function probe(name: string, run: () => Promise<void>, report: ReturnType<typeof reasonLogger>): Promise<Check> {
  try {
    await run();
    return report(name, { ok: true });
  } catch (error) {
    return report(name, { ok: false, detail: 'unreachable' }, describe(error));
  }
}

/**
 * The error and its causes as the log may hold them (a fail-fast wrapper keeps the Redis reply as its
 * cause): kind, code and Hound's own text, never a driver's message (lib/safe-error.ts).
 */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e = safeError(error) as Logged | string | undefined; e !== undefined && parts.length < 4; ) {
    if (typeof e === 'string') {
      parts.push(e);
      break;
    }
    parts.push([e.type, e.code, e.message].filter((p) => p !== undefined).join(' '));
    e = e.cause as Logged | string | undefined;
  }
  return parts.join(': ');
}

/**
 * The database answers, and (PGlite on disk) has room to write: a full disk leaves reads working while
 * every write fails, so the ping alone would say ready.
 */
async function probeDatabase(deps: AppDeps, report: ReturnType<typeof reasonLogger>): Promise<Check> {
  try {
    await deps.db.ping();
  } catch (error) {
    return report('database', { ok: false, detail: 'unreachable' }, describe(error));
  }
  const space = deps.db.diskSpace?.();
  if (!space || diskState(space) !== 'full') return report('database', { ok: true });
  return report(
    'database',
    { ok: false, detail: 'disk_full' },
    `the data directory's disk is full (${Math.floor(space.freeBytes / 1024 / 1024)} MB free): writes fail`,
  );
}

type Logged = { type?: unknown; code?: unknown; message?: unknown; cause?: unknown };

export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const report = reasonLogger(deps.log);
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
        description:
          'A failing check carries a reason code only (`unreachable`; database: also `disk_full`; catalogues: `loading`, `retrying`, `unavailable`); the server log says more.',
        tags: ['service'],
        response: {
          200: ReadinessResponseSchema.describe('Ready to search'),
          503: ReadinessResponseSchema.describe('Not ready: each failing check has a reason code'),
        },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const catalogues = deps.engines.state();
      const checks: ReadinessResponse['checks'] = {
        database: await probeDatabase(deps, report),
        queue: await probe('queue', () => deps.queue.ping(), report),
        catalogues: catalogues.ready
          ? report('catalogues', { ok: true })
          : catalogues.unavailable
            ? report(
                'catalogues',
                { ok: false, detail: 'unavailable' },
                `could not be downloaded and none is cached: ${catalogues.error} ${CATALOGUES_UNAVAILABLE_ADVICE}`,
              )
            : catalogues.error
              ? report('catalogues', { ok: false, detail: 'retrying' }, `loading failed, retrying: ${catalogues.error}`)
              : report('catalogues', { ok: false, detail: 'loading' }),
      };
      const ready = checks.database.ok && checks.queue.ok && checks.catalogues.ok;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
};
