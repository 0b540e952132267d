/**
 * Vitest global setup of the browser journeys, run once before them:
 * - builds the web app, so the server serves the current code (in a child process with NODE_ENV=production:
 *   Vitest sets NODE_ENV=test, which would bundle React's development build);
 * - compiles the server (`scripts/compile.mjs`, under a second), so each journey's stack starts the compiled
 *   server as production does, not TypeScript through tsx (half the start time, decision 102);
 * - creates one migrated PGlite database that each stack copies instead of running initdb and every
 *   migration again (decision 113). The server still runs its migrator on start: it finds them all applied.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding a migrated PGlite database (`pgdata`), to copy into each stack's DATA_DIR. */
    pgliteTemplate: string;
  }
}

function buildWeb(): void {
  const webDir = path.join(ROOT, 'packages/web');
  const vitePackage = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
  const viteBin = path.join(path.dirname(vitePackage), 'bin/vite.js');
  execFileSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
}

export default function setup(project: TestProject): () => void {
  buildWeb();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/compile.mjs')], { cwd: ROOT, stdio: 'inherit' });
  const template = mkdtempSync(path.join(os.tmpdir(), 'hound-e2e-template-'));
  execFileSync(
    process.execPath,
    ['--conditions=hound-compiled', path.join(import.meta.dirname, 'migrate-template.mjs'), template],
    { cwd: ROOT, stdio: 'inherit' },
  );
  project.provide('pgliteTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
