/**
 * The two provider stacks every server suite runs against: PGlite + in-process (always) and
 * PostgreSQL + Redis (when DATABASE_URL and REDIS_URL are set; otherwise skipped with a printed reason).
 * Each stack gets its own database (PGlite in memory, or a fresh PostgreSQL database) and its own Redis
 * key prefix, so test files running in parallel never see each other's data.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Engine } from '@hound/engine';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Dispatcher } from 'undici';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Background, startBackground } from '../../src/background.ts';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from '../../src/db/client.ts';
import { type Config, readConfig } from '../../src/env.ts';
import type { AuthLimits } from '../../src/features/auth/auth-deps.ts';
import { createLogger } from '../../src/logger.ts';
import { appDeps, createServices, type Services } from '../../src/services.ts';

export const DATABASE_URL = process.env.DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL;

export interface StackMode {
  name: string;
  scale: boolean;
  skip: string | false;
}

export const MODES: StackMode[] = [
  { name: 'PGlite + in-process', scale: false, skip: false },
  {
    name: 'PostgreSQL + Redis',
    scale: true,
    skip: !DATABASE_URL || !REDIS_URL ? 'DATABASE_URL and REDIS_URL are not both set' : false,
  },
];

for (const mode of MODES) if (mode.skip) console.warn(`[skip] ${mode.name} suites: ${mode.skip}`);

export interface Stack {
  config: Config;
  services: Services;
  app: FastifyInstance;
  background: Background;
  /** Env for a child process (worker) joining this stack. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface StackOptions {
  createEngine: () => Promise<Engine>;
  /** Environment overrides (limits etc.), as strings, like the real environment. */
  env?: Record<string, string>;
  /** Run searches in this process (default true). */
  runSearches?: boolean;
  /** Don't build the HTTP app. */
  noApp?: boolean;
  /** Dispatcher for the server's own fetches (favicons); the testkit's in end-to-end suites. */
  outbound?: Dispatcher;
  /** Keep PGlite in this directory (kept on close) instead of in memory: for restart tests. */
  pgliteDir?: string;
  /** Share another stack's database and Redis prefix: a second node of the same installation. */
  join?: Stack;
  /** Wait for the engine before returning (default true). */
  waitForEngine?: boolean;
  /** Overrides of the one-time-code and session limits. */
  authLimits?: Partial<AuthLimits>;
  /** The clock of accounts (tests move it). */
  now?: () => Date;
  /** Rewrites the PostgreSQL URL the stack uses (a relay in front of the server). */
  viaDatabaseUrl?: (url: string) => string;
  /** The server's log lines go here (at LOG_LEVEL, which then defaults to info). */
  logStream?: NodeJS.WritableStream;
  /** The sweep of searches left active without a job (background.ts), shortened. */
  lostSearchSweep?: { everyMs: number; minAgeMs: number };
}

/** A fresh PostgreSQL database for one stack; dropped on close. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hound_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A migrated database of `mode`'s kind (PGlite in memory, or a fresh PostgreSQL one); `close` drops it. */
export async function openTestDatabase(mode: StackMode): Promise<{ handle: DatabaseHandle; close(): Promise<void> }> {
  const database = mode.scale ? await createTestDatabase() : undefined;
  const handle = await openDatabase(
    database ? { kind: 'postgres', url: database.url } : { kind: 'pglite', templateFile: inject('pgliteTemplateFile') },
  );
  await handle.migrate();
  return {
    handle,
    async close() {
      await handle.close();
      await database?.drop();
    },
  };
}

export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL!);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

export async function startStack(mode: StackMode, options: StackOptions): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-server-test-'));
  const prefix = options.join?.config.redisPrefix ?? `hound-test-${randomBytes(4).toString('hex')}`;
  const database = mode.scale && !options.join ? await createTestDatabase() : undefined;
  const joined = options.join?.config.databaseUrl ?? database?.url;
  const databaseUrl = joined && options.viaDatabaseUrl ? options.viaDatabaseUrl(joined) : joined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    HEALTH_CHECK_INTERVAL_HOURS: '0',
    CATALOGUE_REFRESH_HOURS: '0',
    SSE_HEARTBEAT_SECONDS: '0.2',
    SHUTDOWN_GRACE_SECONDS: '0',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    ...(mode.scale
      ? { DATABASE_URL: databaseUrl!, REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, JOB_LOCK_MS: '2000' }
      : {}),
    ...options.env,
  };
  const config = readConfig(env, dataDir);
  const target: DatabaseTarget = mode.scale
    ? { kind: 'postgres', url: databaseUrl! }
    : options.pgliteDir
      ? { kind: 'pglite', dataDir: options.pgliteDir }
      : { kind: 'pglite', templateFile: inject('pgliteTemplateFile') };
  const log = createLogger(config.logLevel, undefined, options.logStream);
  const services = await createServices({
    config,
    log,
    createEngine: options.createEngine,
    database: target,
    retryDelayMs: 50,
    // Process metrics start timers per registry; a test process builds many stacks.
    defaultMetrics: false,
    ...(options.outbound ? { outbound: options.outbound } : {}),
  });
  await services.db.migrate();
  const background = await startBackground(services, config, {
    runSearches: options.runSearches ?? true,
    retention: false,
    flushMs: 20,
    ...(options.lostSearchSweep ? { lostSearchSweep: options.lostSearchSweep } : {}),
  });
  const deps = appDeps(services, config);
  if (options.authLimits) deps.options.auth = { ...deps.options.auth, limits: options.authLimits };
  if (options.now) deps.now = options.now;
  const app = options.noApp ? (undefined as unknown as FastifyInstance) : await buildApp(deps);
  if (options.waitForEngine ?? true) await services.engines.whenReady();
  return {
    config,
    services,
    app,
    background,
    env,
    async close() {
      background.stop();
      if (app) await app.close();
      await services.queue.close({ graceMs: 0 });
      await services.close();
      if (database) await database.drop();
      if (mode.scale && !options.join) await deleteRedisPrefix(prefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
