/**
 * Builds the swappable providers from the configuration: PGlite or PostgreSQL, in-process or BullMQ,
 * in-memory or Redis events and limits. Used by main.ts, worker.ts, tests and the benchmark.
 */
import type { Engine } from '@hound/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { AppDeps } from './app-deps.ts';
import { startEngineHost } from './catalogues/engine-host.ts';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from './db/client.ts';
import { diskState } from './db/disk-space.ts';
import type { Config } from './env.ts';
import { createMemorySearchBus } from './events/memory-search-bus.ts';
import { createRedisSearchBus } from './events/redis-search-bus.ts';
import { createKeyAuthenticator } from './features/api-keys/authenticate-key.ts';
import { createUsageCounter } from './features/api-keys/usage-counter.ts';
import { codeKeyLoader } from './features/auth/code-key.ts';
import { secretBox } from './features/webhooks/secret-box.ts';
import { createWebhookSender } from './features/webhooks/webhook-sender.ts';
import { createWebhookDispatcher } from './features/webhooks/webhook-target.ts';
import { createBullmqQueue } from './jobs/bullmq-queue.ts';
import { createInProcessQueue } from './jobs/in-process-queue.ts';
import { createMemoryApiRateLimiter, createRedisApiRateLimiter } from './limits/api-rate-limiter.ts';
import { createMemorySearchLimiter } from './limits/memory-search-limiter.ts';
import { createRedisSearchLimiter } from './limits/redis-search-limiter.ts';
import { createMailer } from './mail/create-mailer.ts';
import { createMailOutbox } from './mail/mail-outbox.ts';
import { createMetrics } from './metrics/metrics.ts';
import { createOutboundDispatcher } from './outbound-dispatcher.ts';

/** Everything the app needs (`AppDeps` without its options), plus shutdown. */
export interface Services extends Omit<AppDeps, 'options'> {
  /** Closes everything except the queue (close that first, with a grace period). */
  close(): Promise<void>;
}

export interface ServicesOptions {
  config: Config;
  log: FastifyBaseLogger;
  createEngine: () => Promise<Engine>;
  /** The email-checks-only engine email searches use until `createEngine` succeeds (decision 101). */
  createEmailEngine?: () => Promise<Engine>;
  /** Defaults to PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
  database?: DatabaseTarget;
  /** Outbound dispatcher for the server's own fetches; defaults to one built from HOUND_PROXY/HOUND_CA_FILE. */
  outbound?: Dispatcher;
  /** Retry delay of failed jobs (tests shorten it). */
  retryDelayMs?: number;
  /** Process metrics (GC, memory, event loop) beside Hound's own; tests building many stacks turn them off. */
  defaultMetrics?: boolean;
}

export async function createServices(options: ServicesOptions): Promise<Services> {
  const { config, log } = options;
  const target: DatabaseTarget =
    options.database ??
    (config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: `${config.dataDir}/db` });
  const db = await openDatabase(target);
  warnIfDiskLow(db, log);
  const redis = config.redisUrl;
  const queue = redis
    ? createBullmqQueue({
        url: redis,
        prefix: config.redisPrefix,
        lockMs: config.jobLockMs,
        retryDelayMs: options.retryDelayMs,
        timeoutMs: config.redisTimeoutMs,
      })
    : createInProcessQueue({ retryDelayMs: options.retryDelayMs });
  const bus = redis ? createRedisSearchBus(redis, config.redisPrefix, config.redisTimeoutMs) : createMemorySearchBus();
  const limiter = redis
    ? createRedisSearchLimiter(redis, config.redisPrefix, config.limits, undefined, config.redisTimeoutMs)
    : createMemorySearchLimiter(config.limits);
  const engines = startEngineHost({
    create: options.createEngine,
    ...(options.createEmailEngine ? { createEmailOnly: options.createEmailEngine } : {}),
    refreshMs: config.catalogueRefreshHours * 3600 * 1000,
    log,
  });
  const outbound =
    options.outbound ??
    createOutboundDispatcher({
      proxy: config.proxy,
      caFile: config.caFile,
      allowPrivateAddresses: config.allowPrivateAddresses,
    });
  const metrics = createMetrics({ defaultMetrics: options.defaultMetrics });
  metrics.readFrom({ queue, engines, db: db.db });
  const mailer = createMailOutbox({
    db: db.db,
    transport: createMailer(config, db.db, log),
    log,
    metrics,
    ...config.mailOutbox,
  });
  const serverKey = codeKeyLoader(db.db, config.auth.secret);
  const webhooks = createWebhookSender({
    db: db.db,
    log,
    box: secretBox(serverKey),
    dispatcher: createWebhookDispatcher({ allowLoopback: config.webhooks.allowLoopback }),
    retryMs: config.webhooks.retryMs,
    userAgent: `${config.site.brandName ?? 'Hound'}-Webhooks/1`,
    notify: { mailer, brand: config.site.brandName ?? 'Hound', publicUrl: config.publicUrl },
  });
  const apiKeys = createKeyAuthenticator({ db: db.db, bus, log, serverKey });
  const apiUsage = createUsageCounter(db.db, log);
  const apiRate = redis
    ? createRedisApiRateLimiter(redis, config.redisPrefix, config.redisTimeoutMs)
    : createMemoryApiRateLimiter();
  return {
    db,
    queue,
    bus,
    limiter,
    engines,
    outbound,
    log,
    mailer,
    webhooks,
    apiKeys,
    apiUsage,
    apiRate,
    metrics,
    async close() {
      await webhooks.close();
      await apiUsage.close();
      await apiKeys.close();
      await apiRate.close();
      await mailer.close();
      await engines.close();
      // Each is bounded by REDIS_TIMEOUT_SECONDS when Redis is silent: side by side, so shutdown's budget
      // (SHUTDOWN_GRACE_SECONDS + 8 s) holds with jobs still being handed back (they retry for longer now).
      await Promise.all([bus.close(), limiter.close()]);
      await db.close();
      if (!options.outbound) await outbound.close();
    },
  };
}

export function appDeps(services: Services, config: Config): AppDeps {
  return {
    db: services.db,
    queue: services.queue,
    bus: services.bus,
    limiter: services.limiter,
    engines: services.engines,
    outbound: services.outbound,
    log: services.log,
    mailer: services.mailer,
    webhooks: services.webhooks,
    apiKeys: services.apiKeys,
    apiUsage: services.apiUsage,
    apiRate: services.apiRate,
    metrics: services.metrics,
    options: {
      trustProxy: config.trustProxy,
      streams: config.streams,
      sseHeartbeatMs: config.sseHeartbeatMs,
      requestTimeoutMs: config.requestTimeoutMs,
      faviconTtlMs: config.faviconTtlHours * 3600 * 1000,
      webDistDir: config.webDistDir,
      retentionDays: config.retentionDays,
      site: config.site,
      publicUrl: config.publicUrl,
      auth: config.auth,
      email: config.email,
      billing: config.billing,
      watches: config.watches,
      metricsToken: config.metricsToken,
      webhooks: { allowLoopback: config.webhooks.allowLoopback },
      api: config.api,
    },
  };
}

/** PGlite on disk: a start with little room left says so, before writes start failing (issue 38 item 9). */
function warnIfDiskLow(db: DatabaseHandle, log: FastifyBaseLogger): void {
  const space = db.diskSpace?.();
  if (!space) return;
  const state = diskState(space);
  if (state === 'ok') return;
  const mb = (bytes: number) => Math.floor(bytes / 1024 / 1024);
  log.warn(
    { freeMB: mb(space.freeBytes), totalMB: mb(space.totalBytes), disk: state },
    state === 'full'
      ? "the data directory's disk is full: the database cannot write, searches will fail until space is freed"
      : "the data directory's disk is nearly full: free some space before writes start failing",
  );
}
