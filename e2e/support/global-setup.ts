/**
 * Vitest global setup of the browser journeys, run once before them (and before every other file of the run):
 * - compiles the server (`scripts/compile.mjs`, under a second), so each journey's stack starts the compiled
 *   server as production does, not TypeScript through tsx (half the start time, decision 102);
 * - then, at the same time on the two cores:
 *   - creates one migrated PGlite database that each stack copies instead of running initdb and every
 *     migration again (decision 113). The server still runs its migrator on start: it finds them all applied;
 *   - builds the web app, so the server serves the current code, unless `packages/web/dist` is already a
 *     build of the current sources (`scripts/build-web.mjs`: `.ci/run` has just run `npm run build`, decision 120).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script without type declarations
import { buildWeb } from '../../scripts/build-web.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding only a migrated PGlite database (`db/pgdata`), to copy into each stack's DATA_DIR. */
    pgliteTemplate: string;
  }
}

/** Migrates the template in a process of its own (Vitest's module runner cannot start the database thread). */
function migrateTemplate(template: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--conditions=hound-compiled', path.join(import.meta.dirname, 'migrate-template.mjs'), path.join(template, 'db')],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`migrating the PGlite template failed (${signal ?? code})`)),
    );
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/compile.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const template = mkdtempSync(path.join(os.tmpdir(), 'hound-e2e-template-'));
  const migrated = migrateTemplate(template);
  // Synchronous (Vite in a child process): the migration's process runs meanwhile.
  const built = Promise.resolve().then(() =>
    buildWeb({ root: ROOT, log: (line: string) => console.log(`[e2e] ${line}`) }),
  );
  const failed = (await Promise.allSettled([migrated, built])).find((outcome) => outcome.status === 'rejected');
  if (failed) {
    rmSync(template, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide('pgliteTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
