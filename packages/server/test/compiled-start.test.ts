/**
 * Issue 28 item 1: `npm start` runs the compiled server. The process started by the server package's start
 * script loads only JavaScript — no tsx, no `.ts` module on any thread (Node's own module debug log lists
 * every module the process and its threads load) — and answers /readyz.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SERVER_DIR = path.join(ROOT, 'packages/server');

/** The process and every descendant (npm runs the script through a shell). */
function processTree(pid: number): number[] {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

const commandLine = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

describe('the compiled server (npm start)', () => {
  let dataDir: string;
  let npm: ChildProcess;
  let output = '';

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/compile.mjs'], { cwd: ROOT });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-compiled-'));
    // One local catalogue: /readyz needs catalogues, and the test reaches no network.
    const catalogue = path.join(dataDir, 'sites.json');
    fs.writeFileSync(
      catalogue,
      JSON.stringify({
        Example: { url: 'https://example.com/{}', urlMain: 'https://example.com/', errorType: 'status_code' },
      }),
    );
    npm = spawn('npm', ['start'], {
      cwd: SERVER_DIR,
      detached: true, // its own process group, stopped as a whole
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOUND_CATALOGUES: catalogue,
        HEALTH_CHECK_INTERVAL_HOURS: '0',
        NODE_DEBUG: 'esm,module',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm.stdout!.on('data', (d) => {
      output += d;
    });
    npm.stderr!.on('data', (d) => {
      output += d;
    });
  });

  afterAll(async () => {
    if (npm?.pid && npm.exitCode === null) {
      const exited = new Promise((resolve) => npm.once('exit', resolve));
      process.kill(-npm.pid, 'SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz and has loaded no TypeScript and no TypeScript loader', async () => {
    const end = Date.now() + 120_000;
    let port: string | undefined;
    while (!port) {
      port = /Server listening at http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1];
      if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${output.slice(-4000)}`);
      if (Date.now() > end) throw new Error(`not listening within 120 s:\n${output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    let ready = 0;
    while (ready !== 200 && Date.now() < end) {
      const res = await request(`http://127.0.0.1:${port}/readyz`);
      await res.body.dump();
      ready = res.statusCode;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ready).toBe(200);

    const server = processTree(npm.pid!).find((pid) => commandLine(pid).includes('dist/main.js'));
    expect(server, `no dist/main.js process under npm start:\n${output.slice(-2000)}`).toBeDefined();
    const argv = commandLine(server!);
    expect(argv.slice(1)).toEqual(['--conditions=hound-compiled', 'dist/main.js']);
    expect(argv.join(' ')).not.toMatch(/tsx|--import|--loader|--require|strip-types/);

    const loaded = new Set(output.match(/file:\/\/\/[^\s'"]+/g));
    // The debug log is real: it lists the entry, the database thread's and the search thread's modules.
    for (const file of [
      'server/dist/main.js',
      'server/dist/db/pglite-worker.js',
      'engine/dist/search/search-thread.js',
    ])
      expect(
        [...loaded].some((url) => url.endsWith(file)),
        file,
      ).toBe(true);
    expect([...loaded].filter((url) => /\.(ts|mts|cts|tsx)$/.test(url))).toEqual([]);
    expect(output).not.toMatch(/node_modules\/tsx\//);
  });
});
