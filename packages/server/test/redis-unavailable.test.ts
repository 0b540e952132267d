/**
 * The server process with Redis away (decision 099): nothing listening on its port, a host that accepts
 * and never answers, and Redis going silent mid-run. Readiness tells the truth promptly (503), search
 * starts fail fast with a clear 503 (`SERVICE_UNAVAILABLE`) instead of hanging or a 500, it recovers when
 * Redis is back, and SIGTERM always completes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sherlockCatalogue } from './support/internet.ts';
import { type Child, runEntry, seedDatabase } from './support/processes.ts';
import { closedPort, startTcpRelay, type TcpRelay } from './support/tcp-relay.ts';

const REDIS_URL = process.env.REDIS_URL;
const GRACE_SECONDS = 2;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-redis-away-'));
const catalogueFile = path.join(dir, 'sherlock.json');
fs.writeFileSync(catalogueFile, JSON.stringify(sherlockCatalogue(4)));
const children: Child[] = [];
const relays: TcpRelay[] = [];

afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null) c.process.kill('SIGKILL');
  await Promise.all(children.map((c) => c.exited));
  await Promise.all(relays.map((r) => r.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startMain(redisUrl: string): Promise<{ child: Child; url: string }> {
  const child = runEntry('main', {
    DATA_DIR: seedDatabase(fs.mkdtempSync(path.join(dir, 'data-'))),
    PORT: '0',
    // Searches would dial out through this closed port; nothing here reaches the internet.
    HOUND_PROXY: 'http://127.0.0.1:9',
    HOUND_CATALOGUES: catalogueFile,
    HEALTH_CHECK_INTERVAL_HOURS: '0',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `hound-away-${randomBytes(4).toString('hex')}`,
    REDIS_TIMEOUT_SECONDS: '1',
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
  });
  children.push(child);
  await child.waitForOutput('Hound server ready', 40_000);
  const url = child.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1]!;
  return { child, url };
}

async function timed(url: string, init?: Parameters<typeof request>[1]) {
  const started = Date.now();
  const res = await request(url, init);
  const text = await res.body.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.statusCode, json, text, ms: Date.now() - started };
}

const readyz = (url: string) => timed(`${url}/readyz`);

/** Polls /readyz until `accept` says yes; every answer must come within 3 s (the probe is bounded). */
async function readinessUntil(url: string, accept: (a: Awaited<ReturnType<typeof readyz>>) => boolean) {
  const end = Date.now() + 20_000;
  for (;;) {
    const answer = await readyz(url);
    expect(answer.ms).toBeLessThan(3000);
    if (accept(answer)) return answer;
    if (Date.now() > end) throw new Error(`readiness never matched: ${answer.text}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** 30 search starts at once; answers and how long the slowest took. */
async function startSearches(url: string, round: number) {
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      timed(`${url}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'blue', device_id: `device_${round}_${i}` }),
      }),
    ),
  );
  return { answers, slowest: Math.max(...answers.map((a) => a.ms)) };
}

async function expectFastUnavailable(url: string) {
  for (let round = 0; round < 3; round++) {
    const { answers, slowest } = await startSearches(url, round);
    for (const a of answers) {
      expect(a.status, a.text).toBe(503);
      expect(a.json).toMatchObject({ status: 'error', code: 'SERVICE_UNAVAILABLE' });
    }
    expect(slowest).toBeLessThan(4000);
  }
}

async function expectStopsOnSigterm(child: Child) {
  const stopAt = Date.now();
  child.process.kill('SIGTERM');
  const code = await child.exited;
  expect(Date.now() - stopAt).toBeLessThan((GRACE_SECONDS + 8) * 1000);
  expect(code).toBe(0);
}

describe('the server process with Redis unreachable', () => {
  const cases: { name: string; url: () => Promise<string> }[] = [
    { name: 'nothing listens on its port', url: async () => `redis://127.0.0.1:${await closedPort()}` },
    {
      name: 'a host that accepts and never answers',
      url: async () => {
        const blackhole = await startTcpRelay(null);
        relays.push(blackhole);
        return `redis://127.0.0.1:${blackhole.port}`;
      },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: not ready (503, promptly), search starts get a fast 503, SIGTERM completes`, async () => {
      const { child, url } = await startMain(await c.url());
      expect((await timed(`${url}/healthz`)).status).toBe(200);
      const ready = await readinessUntil(url, (a) => a.json?.checks?.catalogues?.ok === true);
      expect(ready.status).toBe(503);
      expect(ready.json.checks.queue.ok).toBe(false);
      await expectFastUnavailable(url);
      await expectStopsOnSigterm(child);
    }, 90_000);
  }
});

describe.skipIf(!REDIS_URL)('the server process when Redis goes silent mid-run', () => {
  let relay: TcpRelay;
  beforeAll(async () => {
    const target = new URL(REDIS_URL ?? 'redis://127.0.0.1:6379');
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port || 6379) });
    relays.push(relay);
  });

  it('turns not ready and answers 503 fast while Redis is silent, recovers when it is back, stops on SIGTERM', async () => {
    const { child, url } = await startMain(`redis://127.0.0.1:${relay.port}`);
    await readinessUntil(url, (a) => a.status === 200);
    const first = await startSearches(url, 10);
    expect(first.answers.filter((a) => a.json?.status === 'started').length).toBeGreaterThan(0);

    relay.blackhole();
    await readinessUntil(url, (a) => a.status === 503 && a.json.checks.queue.ok === false);
    await expectFastUnavailable(url);

    relay.forward();
    await readinessUntil(url, (a) => a.status === 200);
    // Redis answers again: the limits decide (started, or 429 while the first round's searches hold the
    // address's slots), none is a 503.
    const again = await startSearches(url, 20);
    for (const a of again.answers) expect([200, 429], a.text).toContain(a.status);

    relay.blackhole();
    await expectStopsOnSigterm(child);
  }, 120_000);

  afterAll(async () => {
    // The prefix's keys of the run above.
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys('hound-away-*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
});
