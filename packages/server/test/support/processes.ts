/**
 * Runs the server's entry points (main, worker) as real child processes, compiled, exactly as the package's
 * `start`/`worker` scripts run them (`node --conditions=hound-compiled dist/….js`); the server project's global
 * setup compiles the build before any suite runs (global-setup.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TestInternet } from './internet.ts';
import type { Stack } from './stacks.ts';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

export interface Child {
  name: string;
  process: ChildProcess;
  output(): string;
  /** Resolves with the match (a string: itself) when the output contains `text`. */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<string[]>;
  exited: Promise<number | null>;
}

export interface EntryOptions {
  /** Names the process in errors (default: the entry). */
  name?: string;
}

/** The package script's arguments, exactly as `npm start` / `npm run worker` run them, without npm around. */
function scriptArgs(entry: 'main' | 'worker'): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'package.json'), 'utf8'));
  const [command, ...args] = (pkg.scripts[entry === 'main' ? 'start' : 'worker'] as string).split(' ');
  if (command !== 'node') throw new Error(`the ${entry} script is not a plain node command: ${command}`);
  return args;
}

export function runEntry(entry: 'main' | 'worker', env: Record<string, string>, options: EntryOptions = {}): Child {
  const name = options.name ?? entry;
  const child = spawn(process.execPath, scriptArgs(entry), {
    cwd: PACKAGE_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // The end of the output for an error, without NODE_DEBUG's module lines (tests that list loaded modules).
  const tail = () =>
    output
      .split('\n')
      .filter((line) => !/^(ESM|MODULE) \d+:/.test(line))
      .slice(-60)
      .join('\n');
  return {
    name,
    process: child,
    output: () => output,
    exited,
    async waitForOutput(text, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const match = typeof text === 'string' ? (output.includes(text) ? [text] : null) : text.exec(output);
        if (match) return match;
        if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}) before "${text}":\n${tail()}`);
        if (Date.now() > end) throw new Error(`${name}: no "${text}" within ${timeoutMs} ms:\n${tail()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** The server (main) started and ready, with the address it listens on (start it with `PORT: '0'`). */
export async function startServer(
  env: Record<string, string>,
  timeoutMs: number,
  options: EntryOptions = {},
): Promise<{ child: Child; url: string }> {
  const child = runEntry('main', env, options);
  try {
    await child.waitForOutput('Hound server ready', timeoutMs);
    const [, port] = await child.waitForOutput(/Server listening at http:\/\/[^:\s]+:(\d+)/, 1_000);
    return { child, url: `http://127.0.0.1:${port}` };
  } catch (error) {
    child.process.kill('SIGKILL');
    await child.exited;
    throw error;
  }
}

/**
 * `dataDir` (created if missing) with an embedded database that is a copy of the migrated template, for a
 * server process started on it: a copy costs a fraction of initdb and every migration (decision 121). The
 * process still runs its migrator and finds every migration applied.
 */
export function seedDatabase(dataDir: string): string {
  fs.cpSync(path.join(inject('pgliteTemplateDir'), 'pgdata'), path.join(dataDir, 'db', 'pgdata'), { recursive: true });
  return dataDir;
}

/**
 * The environment of a worker process joining `api`'s installation (its database and Redis), checking the test
 * internet through its proxy, with a data directory of its own named `name`.
 */
export function workerEnv(api: Stack, net: TestInternet, name: string): Record<string, string> {
  const dataDir = path.join(net.dir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    ...api.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    HOUND_CATALOGUES: net.catalogueFile,
    HOUND_PROXY: net.internet.proxyUrl,
    HOUND_CA_FILE: net.internet.caFile,
  };
}

/** A free port on loopback, for a server whose address must be known before it starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
