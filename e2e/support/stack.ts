/**
 * The real stack for browser journeys: @hound/testkit as the internet (serving the e2e catalogue and
 * its fake sites) and @hound/server started as a child process on embedded defaults (PGlite in a temp
 * DATA_DIR, in-process queue), fetching its catalogue and every site through the testkit proxy, and
 * sending its mail to the testkit's SMTP sink. The server is the compiled one, as in production, and its
 * database starts as a copy of the migrated template the global setup made (global-setup.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BUNDLED_EMAIL_CATALOGUE } from '@hound/engine';
import {
  type EmailCheckEntry,
  type EmailSites,
  type Internet,
  type SmtpSink,
  serveEmailChecks,
  startInternet,
  startSmtpSink,
} from '@hound/testkit';
import { inject } from 'vitest';
import { CLAIMED_HOSTS, ERROR_HOST, e2eCatalogue, SLOW_HOST, WAF_HOST } from './catalogue.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const CATALOGUE_HOST = 'catalogues.hound.test';
/** The address with an account on every fake email-check site. */
export const EMAIL_REGISTERED = 'known.person@example.com';

export interface Stack {
  baseUrl: string;
  internet: Internet;
  /** The SMTP server the stack's mail goes to (SMTP_URL points at it). */
  smtp: SmtpSink;
  /** Fake sites of the shipped email-check catalogue; `EMAIL_REGISTERED` has an account on each. */
  emailSites: EmailSites;
  /** Server output, for diagnosing a failed journey. */
  output(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** The searched username gets "exists" answers on CLAIMED_HOSTS. */
  username: string;
  /** Extra delay of SLOW_HOST, in ms. */
  slowMs?: number;
  /** Number of numbered filler sites in the catalogue (default FILLER_COUNT). */
  fillers?: number;
  env?: Record<string, string>;
}

/**
 * Where the server keeps its PGlite database inside DATA_DIR (`createServices`: `${dataDir}/db`, then
 * `pgdata` inside it). The template is copied there, so the server finds every migration applied.
 */
export const PGLITE_DIR = path.join('db', 'pgdata');

/**
 * The server opened the copied template, not a database of its own: had its layout moved, it would have run
 * initdb in another `pgdata` (20 s and more per journey file on this machine) and the copy would sit unused.
 */
async function expectTemplateUsed(dataDir: string): Promise<void> {
  const found = (await readdir(dataDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && entry.name === 'pgdata')
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
  if (found.length !== 1 || found[0] !== PGLITE_DIR)
    throw new Error(`the server's database is not the copied template: pgdata at ${found.join(', ')} in ${dataDir}`);
}

function withoutSharedServices(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = env;
  return rest;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForReady(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${output()}`);
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hound-e2e-'));
  const catalogue = e2eCatalogue(options.fillers);
  const internet = await startInternet({
    catalogues: [{ format: 'sherlock', data: catalogue }],
    seed: 5,
    latency: { medianMs: 120, p99Ms: 900 },
    dir,
  });
  internet.route(CATALOGUE_HOST, '/sherlock.json', () => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(catalogue),
  }));
  for (const host of CLAIMED_HOSTS) internet.register(host, options.username);
  internet.fault(WAF_HOST, { kind: 'waf', vendor: 'cloudflare' });
  internet.fault(ERROR_HOST, { kind: 'status', status: 503 });
  internet.fault(SLOW_HOST, { kind: 'latency', ms: options.slowMs ?? 4000 });
  const emailChecks = (JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as { checks: EmailCheckEntry[] })
    .checks;
  const emailSites = serveEmailChecks(internet, emailChecks);
  emailSites.register(EMAIL_REGISTERED);

  const dataDir = path.join(dir, 'data');
  await cp(path.join(inject('pgliteTemplate'), PGLITE_DIR), path.join(dataDir, PGLITE_DIR), { recursive: true });
  const smtp = await startSmtpSink();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = path.join(REPO_ROOT, 'packages/server/dist/main.js');
  const child = spawn(process.execPath, ['--conditions=hound-compiled', server], {
    cwd: REPO_ROOT,
    env: {
      // Embedded defaults, always: CI exports DATABASE_URL and REDIS_URL for the server suites, and a journey's
      // server on the shared database would see earlier runs' accounts and rate-limit counters.
      ...withoutSharedServices(process.env),
      NODE_ENV: 'production',
      INIT_CWD: REPO_ROOT,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      HOUND_PROXY: internet.proxyUrl,
      HOUND_CA_FILE: internet.caFile,
      HOUND_CATALOGUES: `https://${CATALOGUE_HOST}/sherlock.json`,
      SMTP_URL: smtp.url,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // No background self-test: it would start a minute in, probe every site and email check of the stack
      // (hundreds of TLS requests, seconds of CPU per stack) and change the sites' baselines mid-journey.
      // No journey looks at health; the server suites test the self-test.
      HEALTH_CHECK_INTERVAL_HOURS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const output = () => log.slice(-8000);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 8000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await internet.close();
    await smtp.close();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, child, output, 90_000);
    await expectTemplateUsed(dataDir);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, internet, smtp, emailSites, output, stop };
}
