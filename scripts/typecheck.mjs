#!/usr/bin/env node
/**
 * `npm run typecheck`: three tsc programs, each file checked once (decision 121) — the Node packages
 * (root tsconfig.json: contracts, testkit, engine, server, bench, the root tests), the web app, the browser
 * journeys; the last two need DOM libraries and other module settings. The Node program, the largest, runs
 * beside the other two (one after the other): tsc uses one core, the machine has two. Fails when any fails.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs tsc on one project; resolves with its output and whether it passed. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSC, '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => resolve({ project, ok: code === 0, output }));
  });
}

async function inTurn(projects) {
  const results = [];
  for (const project of projects) results.push(await check(project));
  return results;
}

const results = (
  await Promise.all([inTurn(['tsconfig.json']), inTurn(['packages/web/tsconfig.json', 'e2e/tsconfig.json'])])
).flat();
for (const { project, ok, output } of results) {
  if (output) process.stdout.write(output);
  console.log(`typecheck ${project}: ${ok ? 'ok' : 'FAILED'}`);
}
if (results.some((r) => !r.ok)) process.exit(1);
