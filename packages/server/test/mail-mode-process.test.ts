/**
 * Issue 25 item 1, against real server processes: the development mailbox (the page and codes in the log)
 * is on only for a local server or with DEV_MAILBOX=true, whatever NODE_ENV says, and the start-up log
 * says which mail mode is in force.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { type Child, runEntry, seedDatabase } from './support/processes.ts';

const children: Child[] = [];
const dirs: string[] = [];

function offline(): Record<string, string> {
  const dataDir = seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-mail-mode-')));
  dirs.push(dataDir);
  return { DATA_DIR: dataDir, PORT: '0', HOUND_PROXY: 'http://127.0.0.1:9', HEALTH_CHECK_INTERVAL_HOURS: '0' };
}

async function startMain(env: Record<string, string>): Promise<{ child: Child; url: string }> {
  const child = runEntry('main', { ...offline(), ...env });
  children.push(child);
  await child.waitForOutput('Hound server ready', 120_000);
  const port = child.output().match(/Server listening at http:\/\/[^:]+:(\d+)/)![1]!;
  return { child, url: `http://127.0.0.1:${port}` };
}

async function status(url: string): Promise<number> {
  const res = await request(url);
  await res.body.dump();
  return res.statusCode;
}

async function registerAndLogin(url: string): Promise<void> {
  const post = async (route: string, body: unknown) => {
    const res = await request(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.body.dump();
    expect(res.statusCode).toBe(200);
  };
  await post('/auth/register/send-otp', {
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.com',
    date_of_birth: '1990-01-01',
  });
  await post('/auth/login/send-otp', { email: 'someone@example.com' });
}

async function stop(child: Child): Promise<void> {
  child.process.kill('SIGTERM');
  await child.exited;
}

afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('mail mode of the server process', () => {
  const unreachable = [
    ['HOST=0.0.0.0', { HOST: '0.0.0.0' }],
    ['a public PUBLIC_URL', { PUBLIC_URL: 'https://hound.example.com' }],
    ['TRUST_PROXY=1 (behind a reverse proxy)', { TRUST_PROXY: '1' }],
  ] as const;

  for (const [label, env] of unreachable) {
    it(`keeps the mailbox and codes off with ${label}, even without NODE_ENV=production`, async () => {
      const { child, url } = await startMain({ ...env });
      expect(child.output()).toMatch(/"level":40[^\n]*mail mode: off/);
      await registerAndLogin(url);
      await child.waitForOutput('mail not sent: SMTP_URL is not set', 60_000);
      for (const page of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/1'])
        expect(await status(`${url}${page}`)).toBe(404);
      expect(child.output()).not.toMatch(/code \d{6}|read it at/);
      await stop(child);
    }, 180_000);
  }

  it('keeps `npm start` on defaults working: a local server has the mailbox and says so', async () => {
    const { child, url } = await startMain({});
    expect(child.output()).toMatch(/"level":30[^\n]*mail mode: dev-mailbox \(no SMTP_URL, local server\)/);
    await registerAndLogin(url);
    await child.waitForOutput(/registration code \d{6}/, 60_000);
    expect(await status(`${url}/dev/mailbox`)).toBe(200);
    await stop(child);
  }, 180_000);

  it('turns the mailbox on for a reachable server only with DEV_MAILBOX=true, and warns', async () => {
    const { child, url } = await startMain({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' });
    expect(child.output()).toMatch(
      /"level":40[^\n]*mail mode: dev-mailbox \(DEV_MAILBOX=true\) on a server that is not local/,
    );
    expect(await status(`${url}/dev/mailbox.json`)).toBe(200);
    await stop(child);
  }, 180_000);

  it('DEV_MAILBOX=false turns it off on a local server too', async () => {
    const { child, url } = await startMain({ DEV_MAILBOX: 'false' });
    expect(child.output()).toContain('mail mode: off');
    expect(await status(`${url}/dev/mailbox`)).toBe(404);
    await stop(child);
  }, 180_000);
});
