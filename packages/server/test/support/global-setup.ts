/**
 * Vitest global setup of the server suites (decisions 113 and 121):
 * - one migrated PGlite database, dumped to a file that every in-memory test database starts from
 *   (`templateFile`), and the same database on disk, whose `pgdata` each server process a test starts copies
 *   into its data directory (`seedDatabase`), instead of each running initdb and every migration — initdb is
 *   most of a new PGlite's cost. Suites that test migrations or a first start open a database without it;
 * - the compiled build (`scripts/compile.mjs`, about a second), which those processes run as `npm start` does:
 *   half tsx's start time, and never a stale `dist`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A `dumpDataDir()` tarball of a migrated PGlite database (DatabaseTarget's `templateFile`). */
    pgliteTemplateFile: string;
    /** The same database as a PGlite data directory on disk (`pgdata`), for server processes. */
    pgliteTemplateDir: string;
  }
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));
const COMPILE = fileURLToPath(new URL('../../../../scripts/compile.mjs', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [COMPILE], { stdio: 'inherit' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hound-pglite-template-'));
  const pg = await PGlite.create();
  let dump: Blob;
  try {
    await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS });
    dump = await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
  writeFileSync(path.join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
  const onDisk = path.join(dir, 'data-dir');
  mkdirSync(onDisk);
  await (await PGlite.create({ dataDir: path.join(onDisk, 'pgdata'), loadDataDir: dump })).close();
  project.provide('pgliteTemplateFile', path.join(dir, 'template.tar'));
  project.provide('pgliteTemplateDir', onDisk);
  return () => rm(dir, { recursive: true, force: true });
}
