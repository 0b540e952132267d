/**
 * Scale-out: the API node runs no searches; `npm run worker` processes do, through BullMQ. A worker
 * killed with SIGKILL mid-search loses nothing: another worker takes the search over, keeps the stored
 * results, checks only the remaining sites, and completes it. Needs PostgreSQL and Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredResults } from '../src/features/searches/result-batches.ts';
import { injectClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { type Child, runEntry, workerEnv } from './support/processes.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const scale = MODES.find((m) => m.scale)!;
const SITES = 30;

describe.skipIf(scale.skip)('worker processes (PostgreSQL + Redis)', () => {
  let net: TestInternet;
  let api: Stack;
  const children: Child[] = [];
  const worker = (name: string) => runEntry('worker', { ...workerEnv(api, net, name), WORKER_CONCURRENCY: '4' });

  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    // Site i answers after (i + 1) × 150 ms: results arrive one by one over ~4.5 s.
    net.internet.hosts().forEach((host) => {
      const i = Number(host.match(/site(\d+)/)![1]);
      net.internet.fault(host, { kind: 'latency', ms: (i + 1) * 150 });
    });
    api = await startStack(scale, { createEngine: net.createEngine(), runSearches: false });
  });
  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    await api?.close();
    await net?.close();
  });

  it('a search survives the SIGKILL of its worker and completes on another one, without duplicates', async () => {
    const first = worker('worker-a');
    children.push(first);
    await first.waitForOutput('Hound worker ready', 60_000);

    const call = injectClient(api.app);
    const started = await call('POST', '/api/search', { username: 'blue', device_id: 'device_failover' });
    expect(started.json.status).toBe('started');
    const id = started.json.search_id;
    await waitFor(async () => {
      const status = await call('GET', `/api/search/status/${id}`);
      return status.json.progress.done >= 6 ? true : undefined;
    });
    first.process.kill('SIGKILL');
    await first.exited;
    const db = api.services.db.db;
    const beforeKill = (await readStoredResults(db, id)).map(({ seq, siteId }) => ({ seq, siteId }));
    expect(beforeKill.length).toBeGreaterThanOrEqual(6);
    expect(beforeKill.length).toBeLessThan(SITES);
    expect((await call('GET', `/api/search/status/${id}`)).json.status).toBe('running');

    const second = worker('worker-b');
    children.push(second);
    const final = await untilEnded(call, id, 40_000);
    expect(final.status).toBe('completed');
    expect(final.progress).toEqual({ done: SITES, total: SITES });
    expect(Object.keys(final.result.results)).toHaveLength(SITES);
    expect(final.result.total_found).toBe(SITES);

    const after = (await readStoredResults(db, id)).map(({ seq, siteId }) => ({ seq, siteId }));
    expect(after.map((r) => r.seq)).toEqual(Array.from({ length: SITES }, (_, i) => i + 1));
    expect(new Set(after.map((r) => r.siteId)).size).toBe(SITES);
    expect(after.slice(0, beforeKill.length)).toEqual(beforeKill);
    // Sites whose result was stored before the kill were not asked again by the second worker.
    const site = (siteId: string) => api.services.engines.current()!.sites.find((s) => s.id === siteId)!.host;
    // (One check each: a HEAD, confirmed by one GET when it finds the profile — never a second of either.
    // The controls ask for other names — a never-registered one (decision 127) — so only blue's requests count.)
    const forBlue = (url: string) => /\bblue\b/.test(new URL(url).pathname + new URL(url).search);
    for (const r of beforeKill) {
      const asked = net.internet.log
        .requests(site(r.siteId))
        .filter((q) => forBlue(q.url))
        .map((q) => q.method);
      expect(asked.filter((m) => m === 'HEAD').length, r.siteId).toBeLessThanOrEqual(1);
      expect(asked.filter((m) => m === 'GET').length, r.siteId).toBeLessThanOrEqual(1);
      expect(asked.length, r.siteId).toBeGreaterThanOrEqual(1);
    }

    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});
