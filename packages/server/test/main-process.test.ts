/**
 * `npm start` as a real process: starts with no settings and no network (catalogues not ready, searches
 * get a clear error), owns its data directory alone, stops cleanly on SIGTERM, and refuses a bad setting.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { CATALOGUES_LOADING_MESSAGE } from '../src/features/searches/run-search.ts';
import { type Child, runEntry } from './support/processes.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-main-'));
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
    const search = await getJson(`${url}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'blue', device_id: 'device_1' }),
    });
    expect(search.json).toEqual({ status: 'error', error: CATALOGUES_LOADING_MESSAGE });

    // A second server on the same data directory refuses to start and says why.
    const second = runEntry('main', OFFLINE);
    children.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(new RegExp(`data directory .* is in use by process ${child.process.pid}`));

    child.process.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db', 'hound.lock'))).toBe(false);
  }, 60_000);

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

  it('exits non-zero naming the bad variable', async () => {
    const child = runEntry('main', { ...OFFLINE, RETENTION_DAYS: 'soon', LIMIT_ACTIVE_GLOBAL: '0' });
    children.push(child);
    expect(await child.exited).toBe(1);
    expect(child.output()).toContain('RETENTION_DAYS');
    expect(child.output()).toContain('LIMIT_ACTIVE_GLOBAL');
  });
});
