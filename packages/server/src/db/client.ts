/**
 * Opens the database: PGlite in the data directory by default, PostgreSQL when a URL is given.
 * Both speak the same SQL, so one Drizzle schema and one set of migrations serve both.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
// Any constant works; it only has to be the same in every Hound process sharing a database.
const MIGRATION_LOCK_KEY = 4_711_040;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent; concurrent starts on PostgreSQL take turns). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined = in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(target.url),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  let lock: DataDirLock | undefined;
  if (target.dataDir) lock = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create({
      ...(target.dataDir ? { dataDir: path.join(target.dataDir, 'pgdata') } : {}),
      parsers: DRIZZLE_PARSERS,
    });
    const db = drizzlePglite(withoutQueryParsers(client), { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(withoutQueryParsers(client)), { migrationsFolder: MIGRATIONS }),
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

const raw = (value: string) => value;

/**
 * Drizzle reads dates and intervals as PostgreSQL's text and converts them itself. It asks PGlite for that
 * with a `parsers` option on every query, which PGlite merges into its table of ~300 parsers each time
 * (≈ 0.25 ms a statement, most of a small statement's cost). The client gets them once instead (array
 * types of these come back as arrays of text, which Drizzle's array columns read as well).
 */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: raw,
  [types.TIMESTAMPTZ]: raw,
  [types.INTERVAL]: raw,
  [types.DATE]: raw,
};

type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/** The client (or a transaction of it) as Drizzle sees it, with Drizzle's per-query `parsers` dropped. */
function withoutQueryParsers<T extends Queryable>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') {
        return (query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
          target.query(query, params, options && { ...options, parsers: undefined });
      }
      if (key === 'transaction' && target.transaction) {
        const transaction = target.transaction.bind(target);
        return <R>(callback: Parameters<typeof transaction<R>>[0]) =>
          transaction((tx) => callback(withoutQueryParsers(tx)));
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Runs the migrator on its own connection holding a session advisory lock. */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.end();
  }
}
