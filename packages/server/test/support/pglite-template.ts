/**
 * Vitest global setup of the server suites: one migrated PGlite database, dumped to a file that every
 * in-memory test database starts from (`templateFile`), instead of each running initdb and every migration —
 * initdb is most of a new PGlite's cost (decision 113). Suites that test migrations themselves open a
 * database without it.
 */
import { writeFileSync } from 'node:fs';
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
  }
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hound-pglite-template-'));
  const pg = await PGlite.create();
  try {
    await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS });
    const dump = await pg.dumpDataDir('none');
    writeFileSync(path.join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
  project.provide('pgliteTemplateFile', path.join(dir, 'template.tar'));
  return () => rm(dir, { recursive: true, force: true });
}
