#!/usr/bin/env node
/**
 * Compiles the runtime packages (contracts, engine, server) from `src/` to JavaScript in `dist/`, one file per
 * source file, so that `dist/` mirrors `src/` at the same depth and every `new URL('../../…', import.meta.url)`
 * (migrations, the shipped email checks, the web app, package.json) points where it did from the source.
 * Relative `.ts` imports become `.js`; packages stay external. No type checking: `npm run typecheck` does that
 * (docs/decisions/102-compiled-builds.md).
 *
 * Safe to run from several processes at once (N API processes and M workers each running `npm start`): a file
 * is only written when its content changed, through a temporary file and a rename, so a starting process never
 * reads half a file.
 */
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['contracts', 'engine', 'server'];

/** Every non-test TypeScript file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Keeps every import as it is (no bundling), with relative `.ts` specifiers rewritten to `.js`. */
const keepImports = {
  name: 'keep-imports',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const relative = args.path.startsWith('./') || args.path.startsWith('../');
      return { path: relative ? args.path.replace(/\.ts$/, '.js') : args.path, external: true };
    });
  },
};

function writeIfChanged(file, contents) {
  try {
    if (Buffer.compare(readFileSync(file), contents) === 0) return;
  } catch {} // not there yet
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

async function compile(name) {
  const dir = path.join(ROOT, 'packages', name);
  const result = await build({
    entryPoints: sources(path.join(dir, 'src')),
    outdir: path.join(dir, 'dist'),
    outbase: path.join(dir, 'src'),
    bundle: true,
    plugins: [keepImports],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    writeIfChanged(file.path, file.contents);
  }
}

await Promise.all(PACKAGES.map(compile));
