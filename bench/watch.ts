/**
 * `npm run bench:watch` (issue 39, decision 139): the watch scheduler with 1,000 daily watches.
 *
 * - `schedule`: 1,000 daily watches (100 premium accounts × 10, created through the API) whose baselines are
 *   done; a simulated day in one-minute steps of the real pass (claim, settle, digests) on PGlite. A run's
 *   searches are recorded instead of run (they end at once), so the figures are the scheduler's own: runs
 *   started per hour and per minute — each run asks every site once, so runs per hour are requests per site
 *   per hour (× the requests one check makes, measured below) — and the pass's wall time with 1,000 watches.
 * - `per_host`: one real watch run over the testkit's sites: requests each site got (a check's HEAD and GET),
 *   and the most watch runs open at once (WATCH_ACTIVE_RUNS, so at most that many requests at a time to a host
 *   from watches, under the engine's per-host limit of 4).
 * - `first_result`: people's searches on the same server while no watch runs, then while watch runs keep
 *   the active-run cap full (the pass kept busy with due watches): the time from POST /api/search to its
 *   first stored result (p50/max of `BENCH_SEARCHES`, default 10, one after the other).
 * Prints one JSON object on stdout.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createEngine } from '@hound/engine';
import { appDeps, buildApp, createLogger, createServices, readConfig, startBackground } from '@hound/server';
import { startInternet } from '@hound/testkit';
import { inArray, sql } from 'drizzle-orm';
import { searches, watches } from '../packages/server/src/db/schema/index.ts';
import { nextRunAfter } from '../packages/server/src/features/watches/schedule.ts';
import { createWatchDeps, type WatchDeps } from '../packages/server/src/features/watches/watch-deps.ts';
import { runWatchPass } from '../packages/server/src/features/watches/watch-pass.ts';
import type { JobQueue } from '../packages/server/src/jobs/job-queue.ts';
import { createTestUser } from '../packages/server/test/support/accounts.ts';
import { injectClient } from '../packages/server/test/support/http-client.ts';
import { sherlockCatalogue } from '../packages/server/test/support/internet.ts';

const WATCHES = 1000;
const PER_ACCOUNT = 10;
const SITES = 40;
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function stack(options: { latency?: boolean; recordQueue?: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-bench-watch-'));
  const data = sherlockCatalogue(SITES);
  const catalogue = path.join(dir, 'sites.json');
  fs.writeFileSync(catalogue, JSON.stringify(data));
  const internet = await startInternet({
    catalogues: [{ format: 'sherlock', data }],
    dir,
    ...(options.latency ? { latency: { medianMs: 120, p99Ms: 600 } } : {}),
  });
  const config = readConfig(
    {
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      HEALTH_CHECK_INTERVAL_HOURS: '0',
      CATALOGUE_REFRESH_HOURS: '0',
      WEB_DIST_DIR: path.join(dir, 'none'),
      LIMIT_ACTIVE_PER_IP: '1000',
      LIMIT_ACTIVE_PER_DEVICE: '1000',
    },
    dir,
  );
  const services = await createServices({
    config,
    log: createLogger('silent'),
    createEngine: () =>
      createEngine({
        catalogues: [catalogue],
        dataDir: path.join(dir, 'engine'),
        connect: internet.connect,
        allowPrivateAddresses: true,
      }),
    database: { kind: 'pglite', dataDir: path.join(dir, 'db') },
    defaultMetrics: false,
  });
  await services.db.migrate();
  const recorded: Array<{ searchId: string }> = [];
  if (options.recordQueue) {
    // The schedule part records what the scheduler queues; the runs end at once (nothing is asked).
    const queue: JobQueue = {
      ...services.queue,
      async enqueue(job) {
        recorded.push(job);
        await services.db.db
          .update(searches)
          .set({ status: 'completed', finishedAt: new Date() })
          .where(inArray(searches.id, [job.searchId]));
      },
    };
    services.queue = queue;
  }
  const background = await startBackground(services, config, { runSearches: !options.recordQueue, retention: false });
  let clock = new Date('2026-06-01T00:00:00Z');
  const deps = appDeps(services, config);
  deps.now = () => clock;
  const app = await buildApp(deps);
  await services.engines.whenReady();
  const watchDeps: WatchDeps = createWatchDeps(
    {
      db: services.db.db,
      queue: services.queue,
      engines: services.engines,
      mailer: services.mailer,
      log: services.log,
      now: () => clock,
    },
    { watches: config.watches, brand: 'Hound', publicUrl: config.publicUrl, email: { loud: false, keys: {} } },
  );
  return {
    internet,
    services,
    app,
    watchDeps,
    recorded,
    setClock: (at: Date) => {
      clock = at;
    },
    async close() {
      background.stop();
      await app.close();
      await services.queue.close({ graceMs: 0 });
      await services.close();
      await internet.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createWatches(s: Awaited<ReturnType<typeof stack>>, count: number, prefix: string) {
  const call = injectClient(s.app);
  for (let a = 0; a < count / PER_ACCOUNT; a++) {
    const user = await createTestUser(s.services.db.db, { plan: 'premium' });
    for (let w = 0; w < PER_ACCOUNT; w++) {
      const made = await call(
        'POST',
        '/api/watches',
        { kind: 'username', target: `${prefix}${a}x${w}`, cadence: 'daily', purpose: 'Benchmark of the scheduler.' },
        user.headers,
      );
      if (made.status !== 201) throw new Error(`create: ${made.status} ${made.text}`);
    }
  }
}

async function schedule() {
  const s = await stack({ recordQueue: true });
  try {
    await createWatches(s, WATCHES, 'b');
    const t0 = new Date('2026-06-01T00:00:00Z');
    // Baselines done: each watch waits for its own slot of the day.
    const db = s.services.db.db;
    const rows = await db.select({ id: watches.id }).from(watches);
    for (const row of rows) {
      await db.execute(
        sql`update watches set baseline_at = ${t0.toISOString()}::timestamptz, next_run_at = ${nextRunAfter({ id: row.id, createdAt: t0 }, 'daily', t0).toISOString()}::timestamptz where id = ${row.id}`,
      );
    }
    s.recorded.length = 0;
    const perHour = new Array<number>(24).fill(0);
    const perMinute: number[] = [];
    const passMs: number[] = [];
    for (let minute = 1; minute <= 24 * 60; minute++) {
      s.setClock(new Date(t0.getTime() + minute * MINUTE));
      const before = s.recorded.length;
      const started = performance.now();
      await runWatchPass(s.watchDeps);
      await runWatchPass(s.watchDeps); // settles what the first one queued, claims what the cap held back
      passMs.push((performance.now() - started) / 2);
      const runs = s.recorded.length - before;
      perMinute.push(runs);
      perHour[Math.floor((minute - 1) / 60)]! += runs;
    }
    return {
      watches: rows.length,
      runs_in_the_day: s.recorded.length,
      runs_per_hour: { mean: round(s.recorded.length / 24), max: Math.max(...perHour), min: Math.min(...perHour) },
      runs_per_minute_max: Math.max(...perMinute),
      pass_ms: {
        p50: round(percentile(passMs, 50)),
        p99: round(percentile(passMs, 99)),
        max: round(Math.max(...passMs)),
      },
    };
  } finally {
    await s.close();
  }
}

async function firstResultMs(s: Awaited<ReturnType<typeof stack>>, n: number, tag: string): Promise<number[]> {
  const call = injectClient(s.app);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const answer = await call('POST', '/api/search', { username: `${tag}person${i}`, device_id: `device_${tag}${i}` });
    if (answer.json?.status !== 'started') throw new Error(`search: ${answer.text}`);
    for (;;) {
      const status = await call('GET', `/api/search/status/${answer.json.search_id}`);
      if (status.json?.progress?.done > 0) break;
      await sleep(5);
    }
    out.push(performance.now() - started);
    for (;;) {
      const status = await call('GET', `/api/search/status/${answer.json.search_id}`);
      if (status.json?.status !== 'running' && status.json?.status !== 'queued') break;
      await sleep(50);
    }
  }
  return out;
}

async function load() {
  const s = await stack({ latency: true });
  try {
    const quiet = await firstResultMs(s, SEARCHES, 'q');
    await createWatches(s, 40, 'l');
    const db = s.services.db.db;
    // Keep every watch due, so the pass keeps WATCH_ACTIVE_RUNS runs going the whole time.
    let busy = true;
    let maxOpen = 0;
    const driver = (async () => {
      let t = new Date('2026-06-01T00:00:00Z').getTime();
      while (busy) {
        t += 25 * HOUR;
        s.setClock(new Date(t));
        const outcome = await runWatchPass(s.watchDeps);
        maxOpen = Math.max(maxOpen, outcome.open + outcome.claimed);
        await sleep(100);
      }
    })();
    await sleep(1500);
    const loaded = await firstResultMs(s, SEARCHES, 'l');
    busy = false;
    await driver;
    const all = (await db.select({ id: searches.id }).from(searches)).length;
    const watchSearches = all - 2 * SEARCHES;
    return {
      per_host: {
        // Every search (a person's or a watch run's) asks each site the same way: its check's requests.
        requests_per_site_per_run: round(s.internet.log.count('site00.example') / all),
        most_watch_runs_open_at_once: maxOpen,
        watch_active_runs_setting: s.watchDeps.config.activeRuns,
      },
      first_result_ms: {
        quiet: { p50: round(percentile(quiet, 50)), max: round(Math.max(...quiet)) },
        during_watch_runs: { p50: round(percentile(loaded, 50)), max: round(Math.max(...loaded)) },
        watch_searches_meanwhile: watchSearches,
      },
    };
  } finally {
    await s.close();
  }
}

const result = {
  schedule: await schedule(),
  ...(await load()),
  machine: { cpus: os.cpus().length, load: os.loadavg().map(round) },
};
console.log(JSON.stringify(result, null, 2));
process.exit(0);
