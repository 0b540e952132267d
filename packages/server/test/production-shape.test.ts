/**
 * Issue 28 item 3: the production shape of docs/deploy.md, as CI runs it. The compiled build (the exact
 * commands of `npm start` and `npm run worker`), two API processes with RUN_SEARCHES=false and two workers, on
 * a fresh PostgreSQL database and a Redis prefix of their own, checking the simulated internet through its
 * proxy. A search through each API process completes; a worker killed with SIGKILL mid-search loses nothing
 * (the other one finishes it, every result once); no process loads TypeScript. Needs PostgreSQL and Redis.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { readStoredResults } from '../src/features/searches/result-batches.ts';
import { type Call, socketClient, untilEnded, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { type Child, runEntry } from './support/processes.ts';
import { parsePrometheusText, sampleSum } from './support/prometheus-text.ts';
import { openEvents, readUntil } from './support/sse-client.ts';
import { createTestDatabase, deleteRedisPrefix, MODES, REDIS_URL } from './support/stacks.ts';

const scale = MODES.find((m) => m.scale)!;
const SITES = 30;
const METRICS_TOKEN = 'production-shape-metrics-token';

describe.skipIf(scale.skip)('the production shape: compiled, 2 API processes + 2 workers (PostgreSQL + Redis)', () => {
  let net: TestInternet;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  /** The test's own connection, to read what the workers stored. */
  let reader: DatabaseHandle;
  const prefix = `hound-test-prod-${process.pid}-${Date.now().toString(36)}`;
  const procs: Child[] = [];
  const apis: { proc: Child; baseUrl: string; call: Call }[] = [];
  const workers: { proc: Child; metricsUrl: string }[] = [];

  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    database = await createTestDatabase();
    reader = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 1 });
    const shared = (name: string): Record<string, string> => {
      const dataDir = path.join(net.dir, name);
      fs.mkdirSync(dataDir, { recursive: true });
      return {
        NODE_ENV: 'production',
        // Node's module debug log lists every module the process and its threads load.
        NODE_DEBUG: 'esm,module',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        REDIS_URL: REDIS_URL!,
        REDIS_PREFIX: prefix,
        JOB_LOCK_MS: '2000',
        HOUND_CATALOGUES: net.catalogueFile,
        HOUND_PROXY: net.internet.proxyUrl,
        HOUND_CA_FILE: net.internet.caFile,
        HEALTH_CHECK_INTERVAL_HOURS: '0',
        CATALOGUE_REFRESH_HOURS: '0',
        SHUTDOWN_GRACE_SECONDS: '0',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
        METRICS_TOKEN,
      };
    };
    for (const name of ['api-1', 'api-2'])
      procs.push(runEntry('main', { ...shared(name), PORT: '0', RUN_SEARCHES: 'false' }, { name }));
    for (const name of ['worker-1', 'worker-2'])
      procs.push(runEntry('worker', { ...shared(name), METRICS_PORT: '0', WORKER_CONCURRENCY: '4' }, { name }));

    for (const proc of procs.slice(0, 2)) {
      const port = (await proc.waitForOutput(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/, 90_000))[1];
      const baseUrl = `http://127.0.0.1:${port}`;
      const call = socketClient(baseUrl);
      await waitFor(async () => ((await call('GET', '/readyz')).status === 200 ? true : undefined), 90_000);
      apis.push({ proc, baseUrl, call });
    }
    for (const proc of procs.slice(2)) {
      await proc.waitForOutput('Hound worker ready', 90_000);
      const port = (await proc.waitForOutput(/"port":(\d+)[^\n]*worker metrics at \/metrics/, 90_000))[1];
      workers.push({ proc, metricsUrl: `http://127.0.0.1:${port}` });
    }
  }, 240_000);

  afterAll(async () => {
    for (const proc of procs) if (proc.process.exitCode === null) proc.process.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await reader?.close();
    await database?.drop();
    if (procs.length > 0) await deleteRedisPrefix(prefix);
    await net?.close();
  });

  /** Site checks this worker has run so far (its own /metrics). */
  async function checksRun(worker: { metricsUrl: string }): Promise<number> {
    const answer = await socketClient(worker.metricsUrl)('GET', '/metrics', undefined, {
      authorization: `Bearer ${METRICS_TOKEN}`,
    });
    expect(answer.status).toBe(200);
    return sampleSum(parsePrometheusText(answer.text), 'hound_checks_total');
  }

  it('completes a search started through each API process, streamed by it', async () => {
    for (const [i, api] of apis.entries()) {
      const started = await api.call('POST', '/api/search', { username: 'blue', device_id: `device_prod_${i}` });
      expect(started.json.status, started.text).toBe('started');
      const stream = await openEvents(`${api.baseUrl}/api/search/${started.json.search_id}/events`);
      const messages = await readUntil(stream, () => false);
      const ids = messages.filter((m) => m.event === 'result').map((m) => Number(m.id));
      expect(ids).toEqual(Array.from({ length: SITES }, (_, k) => k + 1));
      expect(messages.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed', total_found: SITES } });
    }
  }, 90_000);

  it('finishes on the other worker a search whose worker was killed mid-search, every result once', async () => {
    // Site i answers after (i + 1) × 150 ms: results arrive one by one over ~4.5 s.
    for (const host of net.internet.hosts())
      net.internet.fault(host, { kind: 'latency', ms: (Number(host.match(/site(\d+)/)![1]) + 1) * 150 });
    const [apiA, apiB] = apis;
    const baseline = await Promise.all(workers.map(checksRun));
    const started = await apiA!.call('POST', '/api/search', { username: 'blue', device_id: 'device_prod_kill' });
    expect(started.json.status, started.text).toBe('started');
    const id = started.json.search_id;
    // Followed through the other API process: the search's state lives in PostgreSQL and Redis.
    await waitFor(async () => {
      const status = await apiB!.call('GET', `/api/search/status/${id}`);
      return status.json.progress.done >= 6 ? true : undefined;
    }, 60_000);

    // The worker that claimed it is the one whose checks went up; the other one has run none of them.
    const grown = (await Promise.all(workers.map(checksRun))).map((n, i) => n - baseline[i]!);
    const claimer = grown.findIndex((n) => n > 0);
    expect(grown.filter((n) => n > 0)).toHaveLength(1);
    const victim = workers[claimer]!;
    const survivor = workers[1 - claimer]!;
    victim.proc.process.kill('SIGKILL');
    await victim.proc.exited;

    const stored = async () => (await readStoredResults(reader.db, id)).map(({ seq, siteId }) => ({ seq, siteId }));
    const beforeKill = await stored();
    expect(beforeKill.length).toBeGreaterThanOrEqual(6);
    expect(beforeKill.length).toBeLessThan(SITES);
    expect((await apiB!.call('GET', `/api/search/status/${id}`)).json.status).toBe('running');

    const final = await untilEnded(apiB!.call, id, 60_000);
    expect(final.status).toBe('completed');
    expect(final.progress).toEqual({ done: SITES, total: SITES });
    expect(Object.keys(final.result.results)).toHaveLength(SITES);
    expect(final.result.total_found).toBe(SITES);
    const after = await stored();
    expect(after.map((r) => r.seq)).toEqual(Array.from({ length: SITES }, (_, i) => i + 1));
    expect(new Set(after.map((r) => r.siteId)).size).toBe(SITES);
    expect(after.slice(0, beforeKill.length)).toEqual(beforeKill);
    // The survivor checked only the sites whose result was not stored yet.
    const survivorRan = (await checksRun(survivor)) - baseline[1 - claimer]!;
    expect(survivorRan).toBeGreaterThan(0);
    expect(survivorRan).toBeLessThanOrEqual(SITES - beforeKill.length);

    // Every process stops cleanly on SIGTERM, as systemd stops it.
    for (const proc of procs.filter((p) => p !== victim.proc)) {
      proc.process.kill('SIGTERM');
      expect(await proc.exited, proc.name).toBe(0);
    }
  }, 120_000);

  it('loaded no TypeScript in any process or thread', () => {
    for (const proc of procs) {
      const loaded = [...new Set(proc.output().match(/file:\/\/\/[^\s'"]+/g))];
      const entry = proc.name.startsWith('api') ? 'server/dist/main.js' : 'server/dist/worker.js';
      expect(
        loaded.some((url) => url.endsWith(entry)),
        `${proc.name} loaded ${entry}`,
      ).toBe(true);
      if (proc.name.startsWith('worker'))
        expect(loaded.some((url) => url.endsWith('engine/dist/search/search-thread.js'))).toBe(true);
      expect(loaded.filter((url) => /\.(ts|mts|cts|tsx)$/.test(url))).toEqual([]);
      expect(proc.output()).not.toMatch(/node_modules\/tsx\//);
    }
  });
});
