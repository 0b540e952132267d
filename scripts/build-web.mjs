#!/usr/bin/env node
/**
 * Builds the web app (`vite build` in packages/web, NODE_ENV=production) unless `packages/web/dist` already
 * holds a build of exactly the current inputs: `npm run build` and the e2e global setup both run it, so the
 * suite after `.ci/run`'s build does not build the same app again (decision 120). `--force` always builds.
 *
 * The inputs are every file of packages/web and packages/contracts (which the app imports) outside `dist`
 * and `node_modules`, and package-lock.json (the versions of Vite, React and the rest). Their hash is written
 * to `dist/.build-stamp` after a successful build; Vite empties `dist` first, so a stamp never outlives the
 * build it describes, and a dotfile is not served (@fastify/static ignores dotfiles).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const INPUT_DIRS = ['packages/web', 'packages/contracts'];
const INPUT_FILES = ['package-lock.json'];
const SKIPPED_DIRS = new Set(['dist', 'node_modules']);
export const STAMP = '.build-stamp';

/** Every input file under `dir` (relative to `root`), sorted, skipping `dist` and `node_modules` at any depth. */
function filesUnder(root, dir) {
  const found = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...filesUnder(root, relative));
    } else if (entry.isFile()) found.push(relative);
  }
  return found;
}

/** A hash of the web build's inputs: each file's path and content. */
export function webInputsHash(root = ROOT) {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir)), ...INPUT_FILES].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(existsSync(path.join(root, file)) ? readFileSync(path.join(root, file)) : '(missing)');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `dist` is a complete build of the inputs that hash to `hash`. */
export function builtFrom(root, hash) {
  const dist = path.join(root, 'packages/web/dist');
  const stamp = path.join(dist, STAMP);
  return existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

/**
 * Builds unless `dist` is current; answers whether it built. `vite` runs in a child process with
 * NODE_ENV=production (Vitest sets NODE_ENV=test, which would bundle React's development build).
 */
export function buildWeb({ root = ROOT, force = false, log = console.log } = {}) {
  const hash = webInputsHash(root);
  if (!force && builtFrom(root, hash)) {
    log('web app: dist is current (its build stamp matches the sources), not rebuilt');
    return false;
  }
  const webDir = path.join(root, 'packages/web');
  const vitePackage = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
  execFileSync(process.execPath, [path.join(path.dirname(vitePackage), 'bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  writeFileSync(path.join(webDir, 'dist', STAMP), hash);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWeb({ force: process.argv.includes('--force') });
}
