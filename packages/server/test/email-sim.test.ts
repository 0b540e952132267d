/**
 * Issue 26 item 2: `npm run sim` serves every shipped email check, so a real server process pointed at it
 * (HOUND_PROXY and HOUND_CA_FILE from the sim's line, as the README shows) runs an email search that finds
 * the sim's registered address on the sites — and nothing for another address.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, signUpThroughDevMailbox } from './support/accounts.ts';
import { socketClient, waitFor } from './support/http-client.ts';
import { type Child, seedDatabase, startServer } from './support/processes.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const shipped = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/engine/catalogues/email.json'), 'utf8')) as {
  checks: Array<{ id: string; name: string; loud?: boolean; adult?: boolean; needs?: string }>;
};
const dataDir = seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-email-sim-')));
let sim: ChildProcess | undefined;
let server: Child | undefined;

/** `npm run sim` (what the script runs), resolved with its JSON line. */
function startSim(): Promise<{ proxy: string; ca: string; email: { checks: number; registered: string[] } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/testkit/src/cli.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', INIT_CWD: ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  sim = child;
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
    });
    child.once('exit', (code) => reject(new Error(`sim exited ${code}: ${err}`)));
  });
}

afterAll(async () => {
  if (server && server.process.exitCode === null) server.process.kill('SIGKILL');
  await server?.exited;
  sim?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run sim', () => {
  it("serves every shipped email check: a real email search through it finds the sim's registered address", async () => {
    const info = await startSim();
    expect(info.email).toEqual({ checks: shipped.checks.length, registered: ['registered@example.com'] });

    const started = await startServer(
      {
        DATA_DIR: dataDir,
        PORT: '0',
        HOUND_PROXY: info.proxy,
        HOUND_CA_FILE: info.ca,
        // No username catalogue is reachable: email searches must not care.
        HOUND_CATALOGUES: 'https://catalogues.invalid/none.json',
        HIBP_API_KEY: 'sim-key-123',
        HEALTH_CHECK_INTERVAL_HOURS: '0',
      },
      120_000,
    );
    server = started.child;
    const call = socketClient(started.url);
    await waitFor(async () => ((await call('GET', '/api/email/checks')).json.ready ? true : undefined), 20_000);
    const auth = bearer(await signUpThroughDevMailbox(call, 'sim.user@example.com'));

    const found = await call('POST', '/api/email/search', { email: 'registered@example.com' }, auth);
    expect(found.status).toBe(200);
    // Adult sites are asked only when a search asks for them.
    const quiet = shipped.checks.filter((c) => !c.loud && !c.adult).map((c) => c.name);
    expect(found.json.accounts.map((a: { siteName: string }) => a.siteName).sort()).toEqual(quiet.sort());
    expect(found.json.data).toContainEqual({ type: 'Hacked Email Address', data: expect.stringContaining('Adobe') });

    const nobody = await call('POST', '/api/email/search', { email: 'nobody.sim@example.com' }, auth);
    expect(nobody.json.accounts).toEqual([]);

    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
