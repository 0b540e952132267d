/**
 * `npm start` as a real process: starts with no settings and no network (catalogues not ready, searches
 * get a clear error), owns its data directory alone, stops cleanly on SIGTERM, and refuses a bad setting.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '@hound/testkit';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CATALOGUES_LOADING_MESSAGE,
  CATALOGUES_UNAVAILABLE_MESSAGE,
} from '../src/features/searches/search-messages.ts';
import { type Child, runEntry, seedDatabase } from './support/processes.ts';

const dataDir = seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-main-')));
// The defaults download catalogues from the internet; tests must not, so downloads go to a closed port.
const OFFLINE = { DATA_DIR: dataDir, PORT: '0', HOUND_PROXY: 'http://127.0.0.1:9', HEALTH_CHECK_INTERVAL_HOURS: '0' };
const children: Child[] = [];

async function startMain(env: Record<string, string>): Promise<{ child: Child; url: string }> {
  const child = runEntry('main', env);
  children.push(child);
  await child.waitForOutput('Hound server ready', 30_000);
  const url = child.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1]!;
  return { child, url };
}

async function getJson(url: string, init?: Parameters<typeof request>[1]) {
  const res = await request(url, init);
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field with expect
  return { status: res.statusCode, json: (await res.body.json()) as any };
}

afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on embedded defaults with no network: healthy, not ready, searches refused with a clear error', async () => {
    const { child, url } = await startMain(OFFLINE);
    expect((await getJson(`${url}/healthz`)).json).toEqual({ status: 'ok' });
    const ready = await getJson(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.json.checks.database.ok).toBe(true);
    expect(ready.json.checks.queue.ok).toBe(true);
    expect(ready.json.checks.catalogues.ok).toBe(false);
    const start = () =>
      getJson(`${url}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'blue', device_id: 'device_1' }),
      });
    // "Still loading" while the first download runs; once it has failed, the plain account of what to do.
    let search = await start();
    expect([CATALOGUES_LOADING_MESSAGE, CATALOGUES_UNAVAILABLE_MESSAGE]).toContain(search.json.error);
    for (let i = 0; i < 100 && search.json.error === CATALOGUES_LOADING_MESSAGE; i++) {
      await new Promise((r) => setTimeout(r, 100));
      search = await start();
    }
    expect(search.json).toEqual({ status: 'error', error: CATALOGUES_UNAVAILABLE_MESSAGE });

    // A second server on the same data directory refuses to start and says why.
    const second = runEntry('main', OFFLINE);
    children.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(new RegExp(`data directory .* is in use by process ${child.process.pid}`));

    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db', 'hound.lock'))).toBe(false);
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'gives the cores to its API and database threads first: every other thread has a higher nice value',
    async () => {
      const { child } = await startMain(OFFLINE);
      const pid = child.process.pid!;
      const threads = fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
        const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        // /proc/<pid>/task/<tid>/stat: the 19th field is the nice value (fields after the name's ')').
        const nice = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
        return { tid: Number(tid), name, nice };
      });
      const main = threads.find((t) => t.tid === pid)!;
      const helpers = threads.filter((t) => t.tid !== pid && t.name !== 'hound-db');
      expect(threads.filter((t) => t.name === 'hound-db').map((t) => t.nice)).toEqual([main.nice]);
      expect(helpers.length).toBeGreaterThan(3);
      expect(new Set(helpers.map((t) => t.nice))).toEqual(new Set([Math.min(19, main.nice + 10)]));
      const ready = child
        .output()
        .split('\n')
        .find((line) => line.includes('Hound server ready'))!;
      expect(JSON.parse(ready).helperThreads).toBeGreaterThan(3);
      child.process.kill('SIGTERM');
      await child.exited;
    },
    60_000,
  );

  it('takes over the lock of a server that was killed', async () => {
    const { child } = await startMain(OFFLINE);
    child.process.kill('SIGKILL');
    await child.exited;
    expect(fs.existsSync(path.join(dataDir, 'db', 'hound.lock'))).toBe(true);
    const { child: next, url } = await startMain(OFFLINE);
    expect((await getJson(`${url}/healthz`)).status).toBe(200);
    next.process.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  }, 60_000);

  it('keeps codes, tokens and addresses out of its log (production, mail over SMTP)', async () => {
    const sink = await startSmtpSink();
    try {
      const { child, url } = await startMain({
        ...OFFLINE,
        NODE_ENV: 'production',
        SMTP_URL: sink.url,
        LOG_LEVEL: 'trace',
      });
      const email = 'private.person@example.com';
      const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
        getJson(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
      await post('/auth/register/send-otp', {
        first_name: 'Private',
        last_name: 'Person',
        email,
        date_of_birth: '1990-01-01',
      });
      const code = /\b(\d{6})\b/.exec((await sink.waitForMail({ to: email })).text)![1]!;
      const token = (await post('/auth/register/verify-otp', { email, code })).json.access_token as string;
      expect(token).toBeTruthy();
      const me = await getJson(`${url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.json.email).toBe(email);
      await post('/auth/login/send-otp', { email: 'unknown.person@example.com' });
      // A request's line is written after its answer: wait for the last one's, so every earlier one is there.
      await child.waitForOutput('"/auth/login/send-otp"},"res"');
      const log = child.output();
      expect(log).toContain('/auth/register/verify-otp'); // requests are logged …
      // … once each, when answered: path, status and time on one line.
      const lines = log.split('\n').filter((line) => line.includes('"/auth/register/verify-otp"'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        msg: 'request completed',
        req: { method: 'POST', path: '/auth/register/verify-otp' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      });
      for (const secret of [code, token, email, 'unknown.person', 'Private']) expect(log).not.toContain(secret); // … their content is not
      child.process.kill('SIGTERM');
      expect(await child.exited).toBe(0);
    } finally {
      await sink.close();
    }
  }, 60_000);

  it('exits non-zero naming the bad variable', async () => {
    const child = runEntry('main', { ...OFFLINE, RETENTION_DAYS: 'soon', LIMIT_ACTIVE_GLOBAL: '0' });
    children.push(child);
    expect(await child.exited).toBe(1);
    expect(child.output()).toContain('RETENTION_DAYS');
    expect(child.output()).toContain('LIMIT_ACTIVE_GLOBAL');
  });
});
