/**
 * Opens the database: PGlite in the data directory by default (on a thread of its own, pglite-thread.ts),
 * PostgreSQL when a URL is given. Both speak the same SQL, so one Drizzle schema and one set of migrations
 * serve both.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { type DiskSpace, readDiskSpace } from './disk-space.ts';
import { openPgliteThread } from './pglite-thread.ts';
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
  /** Free space of the embedded database's data directory (PGlite on disk only; PostgreSQL's is its own). */
  diskSpace?(): DiskSpace;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined = in memory (tests), optionally from a template (PgliteThreadStart.templateFile). */
  | { kind: 'pglite'; dataDir?: string; templateFile?: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // An idle client that loses its server emits 'error'; without a listener that would crash the process.
    pool.on('error', () => {});
    // So does a client checked out between two queries (a transaction, a stream's reads): its next query
    // fails on its own, which is where the caller hears of it.
    pool.on('connect', (client) => client.on('error', () => {}));
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
    const thread = await openPgliteThread(
      target.dataDir
        ? { dataDir: path.join(target.dataDir, 'pgdata') }
        : target.templateFile
          ? { templateFile: target.templateFile }
          : {},
    );
    // Drizzle's PGlite driver calls only `query` and `transaction`, which the thread's client offers.
    const client = thread as unknown as PGlite;
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS }),
      ping: async () => void (await db.execute(sql`select 1`)),
      ...(target.dataDir ? { diskSpace: () => readDiskSpace(target.dataDir!) } : {}),
      close: async () => {
        await thread.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
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
