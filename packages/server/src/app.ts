/**
 * Builds the HTTP app from its dependencies. No environment reads, no listening: main.ts does that,
 * tests call `buildApp` with their own dependencies and use `app.inject()` or `app.listen({ port: 0 })`.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Dispatcher } from 'undici';
import type { EngineHost } from './catalogues/engine-host.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Config } from './env.ts';
import { AppError } from './errors.ts';
import type { SearchBus } from './events/search-bus.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { faviconsRoutes } from './features/favicons/favicons.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { searchesRoutes } from './features/searches/searches.routes.ts';
import { sitesRoutes } from './features/sites/sites.routes.ts';
import { registerWebApp } from './features/web/web-app.routes.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { SearchLimiter } from './limits/search-limiter.ts';

export interface AppOptions {
  /** Take the client IP from X-Forwarded-For (only behind a trusted reverse proxy). */
  trustProxy: boolean;
  sseHeartbeatMs: number;
  faviconTtlMs: number;
  /** The built web app (packages/web/dist). */
  webDistDir: string;
  retentionDays: number;
  site: Config['site'];
}

export interface AppDeps {
  db: DatabaseHandle;
  queue: JobQueue;
  bus: SearchBus;
  limiter: SearchLimiter;
  engines: EngineHost;
  /** Outbound HTTP for the server's own fetches (favicons): same proxy and CA as the engine. */
  outbound: Dispatcher;
  log: FastifyBaseLogger;
  options: AppOptions;
}

const SERVER_ERROR = 'Server error. Please try again later.';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: deps.options.trustProxy,
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.httpStatus).send({ status: 'error', code: error.code, error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath
        ? first.instancePath.replace(/^\//, '').replaceAll('/', '.')
        : error.validationContext;
      return reply.code(400).send({
        status: 'error',
        code: 'VALIDATION_FAILED',
        error: `Invalid ${where}: ${first?.message ?? 'bad request'}`,
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ status: 'error', code: 'BAD_REQUEST', error: (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 'error', code: 'INTERNAL', error: SERVER_ERROR });
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Hound API',
        version: '0.1.0',
        description: 'Username search across public sites: start, poll or stream, cancel. Site list and icons.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { deps });
  await app.register(searchesRoutes, { deps });
  await app.register(sitesRoutes, { deps });
  await app.register(configRoutes, { deps });
  await app.register(faviconsRoutes, { deps });
  await registerWebApp(app, deps.options.webDistDir);
  return app;
}
