/**
 * Builds the HTTP app from its dependencies. No environment reads, no listening: main.ts does that,
 * tests call `buildApp` with their own dependencies and use `app.inject()` or `app.listen({ port: 0 })`.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { isDatabaseUnavailable } from './db/database-unavailable.ts';
import { AppError, type ErrorCode, HTTP_STATUS, isAppError } from './errors.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { emailChangeRoutes } from './features/account/email-change.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes.ts';
import { apiV1Routes } from './features/api-v1/api-v1.routes.ts';
import { refuseKeysOutsideApi } from './features/api-v1/key-guard.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { AUTH_LIMITS, type AuthDeps } from './features/auth/auth-deps.ts';
import { codeKeyLoader } from './features/auth/code-key.ts';
import { installAuthGuard } from './features/auth/guard.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { billingDeps } from './features/billing/billing-deps.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { creditsRoutes } from './features/credits/credits.routes.ts';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes.ts';
import { adminEmailPlusRoutes } from './features/email-plus/admin-email-plus.routes.ts';
import { emailPlusRoutes } from './features/email-plus/email-plus.routes.ts';
import { emailPlusSubscriptionRoutes } from './features/email-plus/email-plus-subscriptions.routes.ts';
import { emailSearchRoutes } from './features/email-search/email-search.routes.ts';
import { faviconsRoutes } from './features/favicons/favicons.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { metricsRoutes } from './features/metrics/metrics.routes.ts';
import { createFinishedSearchCache } from './features/searches/finished-search-cache.ts';
import { searchesRoutes } from './features/searches/searches.routes.ts';
import { sitesRoutes } from './features/sites/sites.routes.ts';
import { waitlistRoutes } from './features/waitlist/waitlist.routes.ts';
import { createWatchDeps } from './features/watches/watch-deps.ts';
import { watchMailLinkRoutes } from './features/watches/watch-mail-links.routes.ts';
import { watchesRoutes } from './features/watches/watches.routes.ts';
import { watchesAdminRoutes } from './features/watches/watches-admin.routes.ts';
import { installSecurityHeaders } from './features/web/security-headers.ts';
import { registerWebApp } from './features/web/web-app.routes.ts';
import { webhooksRoutes } from './features/webhooks/webhooks.routes.ts';
import { trustProxyOption } from './lib/client-ip.ts';
import { REDIS_UNAVAILABLE_MESSAGE } from './lib/redis-connection.ts';
import { createStreamLimiter } from './limits/stream-limiter.ts';

const API_DOCS_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="40" height="40"><rect width="32" height="32" rx="8" fill="#b45309"/><circle cx="14" cy="14" r="6.5" fill="none" stroke="#fff" stroke-width="3"/><path d="M19 19l6 6" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/></svg>';

const SERVER_ERROR = 'Server error. Please try again later.';
/** The username-search contract's two routes (spec 000 §7): their clients show the spec's 5xx words. */
const SPEC_SEARCH_ROUTE = /^\/api\/search(\/status\/[^/?]*)?(\?|$)/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: trustProxyOption(deps.options.trustProxy),
    forceCloseConnections: true,
    return503OnClosing: true,
    // A request's headers and body must arrive within the timeout (Node answers 408 and closes): a client
    // trickling its body a byte at a time holds a socket and a parser for that long at most. Node checks
    // every `connectionsCheckingInterval` (30 s by default), so the check runs more often than the bound.
    requestTimeout: deps.options.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(60_000, deps.options.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, deps.options.requestTimeoutMs / 4),
    },
    // One line per request (below) instead of Fastify's two: half the log lines under load.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error, request, reply) => {
    // A part the request needs is away (the database, Redis): the same typed 503 whichever it is, on every
    // route (decision 136); the log gets the error's codes, never its text (logger.ts).
    if (isAppError(error, 'SERVICE_UNAVAILABLE') || isDatabaseUnavailable(error)) {
      if (!isAppError(error)) request.log.warn({ err: error }, 'database unavailable');
      const message = SPEC_SEARCH_ROUTE.test(request.url) ? SERVER_ERROR : REDIS_UNAVAILABLE_MESSAGE;
      return reply.code(503).send({ status: 'error', code: 'SERVICE_UNAVAILABLE', error: message, detail: message });
    }
    if (error instanceof AppError) {
      // `error` is the username-search contract's field, `detail` the accounts contract's (spec 001 §7).
      return reply
        .code(error.httpStatus)
        .headers(error.headers)
        .send({
          status: 'error',
          code: error.code,
          error: error.message,
          detail: error.message,
          // The balance of a refused spend (the API's 402 names it).
          ...(error.code === 'API_CREDITS_INSUFFICIENT' ? { balance: error.available ?? 0 } : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath
        ? first.instancePath.replace(/^\//, '').replaceAll('/', '.')
        : error.validationContext;
      const message = `Invalid ${where}: ${first?.message ?? 'bad request'}`;
      // A schema may name its failure's code (a custom issue's `params.code`, e.g. paging's 422).
      const named = (first?.params as { params?: { code?: unknown } } | undefined)?.params?.code;
      const code = typeof named === 'string' && named in HTTP_STATUS ? (named as ErrorCode) : 'VALIDATION_FAILED';
      return reply.code(HTTP_STATUS[code]).send({ status: 'error', code, error: message, detail: message });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = (error as Error).message;
      return reply.code(status).send({ status: 'error', code: 'BAD_REQUEST', error: message, detail: message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ status: 'error', code: 'INTERNAL', error: SERVER_ERROR, detail: SERVER_ERROR });
  });

  // Method, path, status and time only (the serializers in logger.ts keep out bodies, headers, addresses).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  installSecurityHeaders(app, { publicUrl: deps.options.publicUrl });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hound API',
        version: '0.1.0',
        description: 'Username search across public sites: start, poll or stream, cancel. Site list and icons.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Hound's own mark instead of Fastify's in the documentation page's top bar.
    logo: { type: 'image/svg+xml', content: Buffer.from(API_DOCS_LOGO), href: '/', target: '_self' },
    theme: {
      title: 'Hound API',
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          sizes: 'any',
          type: 'image/svg+xml',
          content: Buffer.from(API_DOCS_LOGO),
        },
      ],
    },
  });

  const now = deps.now ?? (() => new Date());
  const authDeps: AuthDeps = {
    db: deps.db.db,
    mailer: deps.mailer,
    log: deps.log,
    now,
    key: codeKeyLoader(deps.db.db, deps.options.auth.secret),
    options: {
      brand: deps.options.site.brandName ?? 'Hound',
      publicUrl: deps.options.publicUrl,
      adminEmails: deps.options.auth.adminEmails,
      signupCredits: deps.options.auth.signupCredits,
      limits: { ...AUTH_LIMITS, ...deps.options.auth.limits },
    },
  };
  // An API key works on /api/v1 only: anywhere else it is refused, never ignored (decision 143).
  app.addHook('onRequest', async (request) => refuseKeysOutsideApi(request));
  installAuthGuard(app, authDeps);
  await app.register(authRoutes, { deps: authDeps });
  const billing = billingDeps(
    { db: deps.db.db, log: deps.log, mailer: deps.mailer, now, key: authDeps.key },
    deps.options.billing,
    { publicUrl: deps.options.publicUrl, brand: authDeps.options.brand, adminEmails: deps.options.auth.adminEmails },
  );
  // Finished searches' answers, shared by the search routes, My Searches' delete and /api/v1 (decision 145).
  const finished = deps.finishedSearches ?? createFinishedSearchCache();
  await app.register(accountRoutes, {
    deps: { db: deps.db.db, bus: deps.bus, limiter: deps.limiter, metrics: deps.metrics },
    now,
    billing,
    finished,
  });
  await app.register(emailChangeRoutes, { deps: { auth: authDeps, billing } });
  await app.register(creditsRoutes, { db: deps.db.db, now });
  // One count of open event streams for username and email searches alike.
  const streams = createStreamLimiter(deps.options.streams);
  deps.metrics.readFrom({ openStreams: streams.open });
  const emailSearch = {
    db: deps.db.db,
    bus: deps.bus,
    log: deps.log,
    engines: deps.engines.forEmail(),
    loud: deps.options.email.loud,
    keys: deps.options.email.keys,
    running: new Map(),
    metrics: deps.metrics,
    now,
    activePerAccount: deps.options.email.activePerAccount,
    // Its pivot's usernames are searched like any lead's (decision 116).
    follow: { queue: deps.queue, limiter: deps.limiter, engines: deps.engines },
  };
  await app.register(emailSearchRoutes, { deps: emailSearch, heartbeatMs: deps.options.sseHeartbeatMs, streams });
  await app.register(billingRoutes, { deps: billing, metrics: deps.metrics });
  await app.register(emailPlusRoutes, { db: deps.db.db });
  await app.register(emailPlusSubscriptionRoutes, { deps: billing });
  await app.register(adminEmailPlusRoutes, { deps: { billing, emailSearch } });
  await app.register(adminRoutes, {
    db: deps.db.db,
    allowance: { trial: deps.options.billing.trialCredits, premium: deps.options.billing.monthlyCredits },
  });
  await app.register(waitlistRoutes, {
    deps: {
      db: deps.db.db,
      key: authDeps.key,
      now,
      mailer: deps.mailer,
      brand: authDeps.options.brand,
      publicUrl: deps.options.publicUrl,
    },
  });
  // Watchlists (issue 39): the owner's routes for the session here and for API keys under /api/v1 (decision 157).
  const watches = {
    deps: createWatchDeps(
      {
        db: deps.db.db,
        queue: deps.queue,
        engines: deps.engines,
        mailer: deps.mailer,
        webhooks: deps.webhooks,
        log: deps.log,
        now,
      },
      {
        watches: deps.options.watches,
        brand: authDeps.options.brand,
        publicUrl: deps.options.publicUrl,
        email: { loud: deps.options.email.loud, keys: deps.options.email.keys },
        authSecret: deps.options.auth.secret,
      },
    ),
    finish: { db: deps.db.db, bus: deps.bus, limiter: deps.limiter, metrics: deps.metrics },
  };
  await app.register(watchesRoutes, { ...watches, webhooks: true });
  await app.register(watchMailLinkRoutes, { deps: watches.deps });
  await app.register(watchesAdminRoutes, { deps: watches.deps });
  await app.register(webhooksRoutes, {
    deps: { db: deps.db.db, box: deps.webhooks.box, sender: deps.webhooks, rules: deps.options.webhooks, now },
  });
  // Only where the mail mode is the development mailbox (decision 093: local servers or DEV_MAILBOX=true).
  if (deps.mailer.kind === 'dev-mailbox') await app.register(devMailboxRoutes, { db: deps.db.db });

  await app.register(healthRoutes, { deps });
  await app.register(metricsRoutes, { metrics: deps.metrics, token: deps.options.metricsToken });
  await app.register(searchesRoutes, { deps, streams, finished });
  await app.register(apiKeysRoutes, {
    deps: {
      db: deps.db.db,
      serverKey: authDeps.key,
      keys: deps.apiKeys,
      usage: deps.apiUsage,
      limits: deps.options.api,
      now,
    },
  });
  await app.register(apiV1Routes, {
    prefix: '/api/v1',
    deps: {
      app: deps,
      keys: deps.apiKeys,
      usage: deps.apiUsage,
      rate: deps.apiRate,
      limits: deps.options.api,
      emailSearch,
      watches,
      streams,
      finished,
      now,
    },
  });
  await app.register(sitesRoutes, { deps });
  await app.register(configRoutes, { deps });
  await app.register(faviconsRoutes, { deps });
  await registerWebApp(app, deps.options.webDistDir);
  return app;
}
