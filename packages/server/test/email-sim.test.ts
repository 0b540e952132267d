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
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { type Child, runEntry } from './support/processes.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const shipped = JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/engine/catalogues/email.json'), 'utf8')) as {
  checks: Array<{ id: string; name: string; loud?: boolean; adult?: boolean; needs?: string }>;
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-email-sim-'));
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

async function call(url: string, method: 'GET' | 'POST', body?: unknown, token?: string) {
  const res = await request(url, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect
  return { status: res.statusCode, json: (await res.body.json()) as any };
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

    server = runEntry('main', {
      DATA_DIR: dataDir,
      PORT: '0',
      HOUND_PROXY: info.proxy,
      HOUND_CA_FILE: info.ca,
      // No username catalogue is reachable: email searches must not care.
      HOUND_CATALOGUES: 'https://catalogues.invalid/none.json',
      HIBP_API_KEY: 'sim-key-123',
      HEALTH_CHECK_INTERVAL_HOURS: '0',
    });
    await server.waitForOutput('Hound server ready', 120_000);
    const url = `http://127.0.0.1:${server.output().match(/Server listening at http:\/\/[^:]+:(\d+)/)![1]!}`;
    for (let i = 0; i < 200 && !(await call(`${url}/api/email/checks`, 'GET')).json.ready; i++)
      await new Promise((r) => setTimeout(r, 100));

    const email = 'sim.user@example.com';
    await call(`${url}/auth/register/send-otp`, 'POST', {
      first_name: 'Sim',
      last_name: 'User',
      email,
      date_of_birth: '1990-01-01',
    });
    const mails = await call(`${url}/dev/mailbox.json`, 'GET');
    const code = (mails.json.items as Array<{ to: string; text: string }>)
      .find((m) => m.to === email)!
      .text.match(/\b(\d{6})\b/)![1]!;
    const token = (await call(`${url}/auth/register/verify-otp`, 'POST', { email, code })).json.access_token as string;

    const found = await call(`${url}/api/email/search`, 'POST', { email: 'registered@example.com' }, token);
    expect(found.status).toBe(200);
    // Adult sites are asked only when a search asks for them.
    const quiet = shipped.checks.filter((c) => !c.loud && !c.adult).map((c) => c.name);
    expect(found.json.accounts.map((a: { siteName: string }) => a.siteName).sort()).toEqual(quiet.sort());
    expect(found.json.data).toContainEqual({ type: 'Hacked Email Address', data: expect.stringContaining('Adobe') });

    const nobody = await call(`${url}/api/email/search`, 'POST', { email: 'nobody.sim@example.com' }, token);
    expect(nobody.json.accounts).toEqual([]);

    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
