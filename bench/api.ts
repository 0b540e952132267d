/**
 * `npm run bench:api`: the server on embedded defaults (PGlite, in-process queue) as a real process,
 * checking sites served by @hound/testkit (in a process of its own, bench/internet-process.ts) through
 * HOUND_PROXY/HOUND_CA_FILE
 * (docs/decisions/047-api-benchmark.md). Prints one JSON object on stdout (diagnostics on stderr):
 * - status endpoint throughput and latency under load (autocannon on a completed search, bounded in time),
 *   as a plain client asks and as a browser does (accepting gzip);
 * - time from POST to the first SSE result, wall time of one search;
 * - 20 simultaneous searches, three times. The first run (`cold_start`) is the server's first after its start,
 *   while V8 still compiles its code; the figures below are of the next two runs (decision 091).
 * - 20 simultaneous searches (`simultaneous`): per search the POST latency and the time from the POST to
 *   its first SSE result (p50/p99/max); while they run, 4 sequential loops call
 *   `GET /api/search/status/{id}` of the running searches in turn and 1 loop `GET /api/config`, each
 *   pausing 100 ms between requests; the slowest status requests with how long the server's main thread
 *   ran and how long it and the database thread waited for a core while each was open
 *   (count, p50/p99/max); their wall time next to `machine.floor_ms`, the CPU the run used (server +
 *   testkit and clients) over the machine's cores, the wall time this machine cannot beat;
 * - the same 20 searches again without the status and API loops, twice, for the CPU a check costs (the
 *   loops' requests are load of their own; the cheaper run counts): `server_cpu_ms_per_check` is the
 *   server's CPU during those searches per check (`total`), the share of the bare engine (`engine`: the
 *   same searches, catalogue, testkit, proxy path and engine options, run afterwards by `createEngine` in
 *   a child process, bench/api-engine-child.ts, also the cheaper of two runs) and `rest` = total − engine
 *   (database, events, HTTP); `server_thread_cpu_ms_per_check` splits the server's CPU by thread (/proc,
 *   threads found by name): the main thread (API, events, SSE) and the database thread (PGlite) —
 *   together the non-engine work —, the search thread and the rest (V8's GC and compiler threads);
 *   `engine_alone_thread_cpu_ms_per_check` splits the bare engine's the same way;
 *   `server_thread_cpu_ms_per_check_with_probes` is the server's split for the run with probes;
 * - `server_main_thread_ms`: the scheduler's run and wait time of the main thread in the first second of
 *   the probed run's 20 searches (their start) and over that run: how long the API was ready but had no
 *   core.
 * - `burst`: 50 searches POSTed at once (issue 41 item 12): first result per search, wall, server memory.
 * BENCH_API_PARTS runs one part alone after the warm-up: `burst`, `cpu` (the CPU per check only, for
 * comparing trees in adjacent runs) or `key_auth`.
 * Throws, with the server's last log lines, when a search ends other than `completed` or with no result.
 * Uses the real Sherlock catalogue from ../shared/upstream when present, else a generated one.
 * Profiling the server: BENCH_CPU_PROF=<dir> writes V8 CPU profiles of its threads (wall-time samples: a
 * thread that waits for a core shows the call it was in); BENCH_PERF=1 starts it with --perf-basic-prof, so
 * `perf record -p <pid>` (on-CPU samples) names its JavaScript frames (docs/decisions/089-result-batches.md).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { request } from 'undici';
import type { EngineChildRequest, EngineRun } from './api-engine-child.ts';
import { keyAuthInProcess, keyAuthOnServer } from './api-key-auth.ts';
import { Internet } from './internet-process.ts';
import { cpuMs, threadCpuMs, threadSplit } from './proc-cpu.ts';

const round = (n: number) => Math.round(n * 10) / 10;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** BENCH_SHERLOCK names the catalogue file for a worktree that is not beside ../shared (e.g. /work/wt/<branch>). */
const UPSTREAM = process.env.BENCH_SHERLOCK ?? path.resolve(ROOT, '../shared/upstream/sherlock/data.json');
const SIMULTANEOUS = 20;
/**
 * Searches started at once for `burst` (issue 41 item 12): more than a fixed cap of running searches would
 * let in, so every one of them must get its first result while all of them share the per-host limits.
 */
const BURST = 50;
/**
 * Runs without probes, on the server and on the bare engine: the CPU figures take each side's cheapest,
 * since on a shared machine a disturbance only adds CPU time to the same work (decision 091).
 */
const CPU_RUNS = 2;
const LOAD_SECONDS = 8;
/**
 * Sequential status loops during the 20 searches, and loops on a request that reads no search; each loop
 * waits `SAMPLE_PAUSE_MS` between requests, like a client polling, so the probes measure the API without
 * becoming a load of their own.
 */
const STATUS_LOOPS = 4;
const SAMPLE_PAUSE_MS = 100;
const API_LOOPS = 1;
const API_PATH = '/api/config';
const HERE = path.dirname(fileURLToPath(import.meta.url));

function generatedCatalogue(count: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    data[`Site${i}`] = {
      url: `https://site${i}.example/{}`,
      urlMain: `https://site${i}.example/`,
      errorType: 'status_code',
      username_claimed: 'blue',
    };
  }
  return data;
}

interface Server {
  child: ChildProcess;
  url: string;
  /** The server's last log lines (stdout and stderr). */
  logTail(lines?: number): string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(process.env.BENCH_PERF ? ['--perf-basic-prof'] : []),
      '--import',
      'tsx',
      'src/main.ts',
    ],
    {
      cwd: path.join(ROOT, 'packages/server'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (d: Buffer) => {
    output += d;
    // Only the tail is ever shown: keep memory bounded while every request is logged.
    if (output.length > 1_000_000) output = output.slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const logTail = (lines = 40) => output.trimEnd().split('\n').slice(-lines).join('\n');
  // A loaded machine (other sessions, adjacent runs) can take over a minute to start it.
  const end = Date.now() + 180_000;
  for (;;) {
    const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    if (match) return { child, url: match[1]!, logTail };
    if (child.exitCode !== null || Date.now() > end) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the API answers are read field by field
async function json(url: string, init?: Parameters<typeof request>[1]): Promise<any> {
  const res = await request(url, init);
  return res.body.json();
}

interface SearchRun {
  id: string;
  /** POST sent → its response read. */
  postMs: number;
  /** POST sent → the first SSE `result` event. */
  firstResultMs: number;
  totalMs: number;
  results: number;
  /** The `done` event's status ('no done event' when the stream ended without one). */
  status: string;
}

/** Hooks for the status poller: a search's id once its POST answered, and when its stream ended. */
interface SearchHooks {
  started?(id: string): void;
  ended?(id: string): void;
}

/** POSTs a search and follows its SSE stream; resolves with timings relative to the POST. */
async function timedSearch(base: string, username: string, device: string, hooks: SearchHooks = {}) {
  const t0 = performance.now();
  const started = await json(`${base}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, device_id: device }),
  });
  const postMs = performance.now() - t0;
  if (started.status !== 'started') throw new Error(`search not started: ${JSON.stringify(started)}`);
  const id = started.search_id as string;
  hooks.started?.(id);
  try {
    const res = await request(`${base}/api/search/${id}/events`, {
      headers: { accept: 'text/event-stream' },
    });
    if (res.statusCode !== 200) throw new Error(`events of ${id}: HTTP ${res.statusCode} ${await res.body.text()}`);
    let firstResultMs: number | undefined;
    let results = 0;
    let status = 'no done event';
    let text = '';
    for await (const chunk of res.body) {
      text += chunk.toString();
      for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n')) {
        const block = text.slice(0, i);
        text = text.slice(i + 2);
        if (block.includes('event: result')) {
          results++;
          firstResultMs ??= performance.now() - t0;
        } else if (block.includes('event: done')) {
          const data = block.match(/^data: (.*)$/m)?.[1];
          status = data ? String(JSON.parse(data).status) : 'done event without data';
        }
      }
    }
    return {
      id,
      postMs,
      firstResultMs: firstResultMs ?? Number.NaN,
      totalMs: performance.now() - t0,
      results,
      status,
    } satisfies SearchRun;
  } finally {
    hooks.ended?.(id);
  }
}

/** A search that must complete with results; anything else stops the bench with the server's log. */
async function completedSearch(server: Server, username: string, device: string, hooks?: SearchHooks) {
  let run: SearchRun;
  try {
    run = await timedSearch(server.url, username, device, hooks);
  } catch (error) {
    throw new Error(`search for ${username} failed: ${(error as Error).message}${serverLog(server)}`, {
      cause: error,
    });
  }
  if (run.status !== 'completed' || run.results === 0) {
    throw new Error(
      `search for ${username} (${run.id}) ended '${run.status}' with ${run.results} results${serverLog(server)}`,
    );
  }
  return run;
}

const serverLog = (server: Server) => `\n--- server's last log lines ---\n${server.logTail()}`;

/** The ids of the searches still running, handed out in turn to the status loops. */
class RunningSearches {
  private readonly ids: string[] = [];
  private next = 0;
  private waiting: Array<() => void> = [];
  private startedCount = 0;
  finished = false;
  /** When the last of the searches had its POST answered (performance.now()). */
  allStartedAt = Number.POSITIVE_INFINITY;

  constructor(private readonly expected: number) {}

  readonly hooks: SearchHooks = {
    started: (id) => {
      this.ids.push(id);
      if (++this.startedCount === this.expected) this.allStartedAt = performance.now();
      this.wake();
    },
    ended: (id) => {
      const at = this.ids.indexOf(id);
      if (at >= 0) this.ids.splice(at, 1);
    },
  };

  finish(): void {
    this.finished = true;
    this.wake();
  }

  /** The next running search's id; waits while none is known; undefined once all have ended. */
  async take(): Promise<string | undefined> {
    while (!this.finished) {
      if (this.ids.length > 0) return this.ids[this.next++ % this.ids.length];
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    return undefined;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** Latencies of sequential GETs (body read in full) of `next()`'s paths, until it returns undefined. */
async function sampleLoop(
  base: string,
  next: () => Promise<string | undefined>,
  into: Samples,
  waits: () => { main: number; mainRan: number; database: number },
): Promise<void> {
  for (let p = await next(); p !== undefined; p = await next()) {
    const t0 = performance.now();
    const before = waits();
    try {
      const res = await request(`${base}${p}`);
      await res.body.arrayBuffer();
      const after = waits();
      into.ms.push(performance.now() - t0);
      into.sentAt.push(t0);
      into.mainWaitMs.push(after.main - before.main);
      into.mainRanMs.push(after.mainRan - before.mainRan);
      into.databaseWaitMs.push(after.database - before.database);
      if (res.statusCode !== 200) into.errors++;
    } catch {
      into.errors++;
    }
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_PAUSE_MS));
  }
}

interface Samples {
  ms: number[];
  /** When each sample's request was sent (performance.now()), in the order of `ms`. */
  sentAt: number[];
  /** How long the server's main and database threads waited for a core while each request was open. */
  mainWaitMs: number[];
  databaseWaitMs: number[];
  /** How long the server's main thread ran while each request was open (its own and others' work). */
  mainRanMs: number[];
  errors: number;
}

/** The slowest samples, each with how long the server's main and database threads waited for a core. */
const slowest = (samples: Samples, count = 5) =>
  samples.ms
    .map((ms, i) => ({
      ms: round(ms),
      main_thread_ran_ms: round(samples.mainRanMs[i]!),
      main_thread_waited_for_a_core_ms: round(samples.mainWaitMs[i]!),
      database_thread_waited_for_a_core_ms: round(samples.databaseWaitMs[i]!),
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);

/** Nearest-rank percentile of `values` (q in 0..1). */
function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

const spread = (values: number[]) => ({
  p50: round(percentile(values, 0.5)),
  p99: round(percentile(values, 0.99)),
  max: round(Math.max(...values)),
});

/**
 * How long a thread of the server (its main thread by default) ran and how long it was ready to run but
 * waited for a core, in ms, from the scheduler's own accounting (/proc/<pid>/task/<tid>/schedstat: run and
 * wait time in ns).
 */
function threadSchedule(pid: number, tid = pid): { runMs: number; waitMs: number } {
  const [run, wait] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(' ').map(Number);
  return { runMs: run! / 1e6, waitMs: wait! / 1e6 };
}

const scheduleSince = (before: { runMs: number; waitMs: number }, after: { runMs: number; waitMs: number }) => ({
  running: round(after.runMs - before.runMs),
  waiting_for_a_core: round(after.waitMs - before.waitMs),
});

interface ConnectionCounts {
  tcp: number;
  tunnels: number;
  tls: number;
  tlsResumed: number;
  requests: number;
}
type TestkitCpu = NodeJS.CpuUsage & { connections?: ConnectionCounts };

const countsSince = (before?: ConnectionCounts, after?: ConnectionCounts): ConnectionCounts => {
  const keys = ['tcp', 'tunnels', 'tls', 'tlsResumed', 'requests'] as const;
  return Object.fromEntries(
    keys.map((k) => [k, (after?.[k] ?? 0) - (before?.[k] ?? 0)]),
  ) as unknown as ConnectionCounts;
};

interface SimultaneousRun {
  many: SearchRun[];
  manyMs: number;
  running: RunningSearches;
  status: Samples;
  api: Samples;
  serverCpuMs: number;
  testkitCpuMs: number;
  /** What the run cost the simulated internet: connections, CONNECT tunnels, TLS handshakes, requests. */
  connections: ConnectionCounts;
  threads: ReturnType<typeof threadSplit>;
  scheduleFirstSecond: ReturnType<typeof scheduleSince> | undefined;
  scheduleWholeRun: ReturnType<typeof scheduleSince>;
  loadAverage: number;
}

/**
 * The simultaneous searches, timed, with the server's CPU over the run (per thread) and the main thread's
 * schedule; with `probes`, the status and API loops run beside them.
 */
async function simultaneousRun(
  live: Server,
  internet: Internet,
  usernames: string[],
  devicePrefix: string,
  probes: boolean,
): Promise<SimultaneousRun> {
  const { child, url } = live;
  const running = new RunningSearches(usernames.length);
  const samples = (): Samples => ({ ms: [], sentAt: [], mainWaitMs: [], databaseWaitMs: [], mainRanMs: [], errors: 0 });
  const status = samples();
  const api = samples();
  const databaseTid = [...threadCpuMs(child.pid!)].find(([, t]) => t.name === 'hound-db')?.[0];
  const waits = () => {
    const main = threadSchedule(child.pid!);
    const database = databaseTid ? threadSchedule(child.pid!, databaseTid).waitMs : 0;
    return { main: main.waitMs, mainRan: main.runMs, database };
  };
  const serverCpu0 = cpuMs(child.pid!);
  const threadsCpu0 = threadCpuMs(child.pid!);
  const schedule0 = threadSchedule(child.pid!);
  // The first second holds the start of all 20 searches: their POSTs, streams and job starts.
  let scheduleFirstSecond: ReturnType<typeof scheduleSince> | undefined;
  const firstSecond = setTimeout(() => {
    scheduleFirstSecond = scheduleSince(schedule0, threadSchedule(child.pid!));
  }, 1000);
  const ownCpu0 = process.cpuUsage();
  const testkitCpu0 = await internet.call<TestkitCpu>({ type: 'cpu' });
  const t0 = performance.now();
  const pollers = probes
    ? [
        ...Array.from({ length: STATUS_LOOPS }, () =>
          sampleLoop(
            url,
            async () => {
              const id = await running.take();
              return id === undefined ? undefined : `/api/search/status/${id}`;
            },
            status,
            waits,
          ),
        ),
        ...Array.from({ length: API_LOOPS }, () =>
          sampleLoop(url, async () => (running.finished ? undefined : API_PATH), api, waits),
        ),
      ]
    : [];
  const many = await Promise.all(
    usernames.map((username, i) => completedSearch(live, username, `${devicePrefix}_${i}`, running.hooks)),
  ).finally(() => running.finish());
  const manyMs = performance.now() - t0;
  await Promise.all(pollers);
  const serverCpuMs = cpuMs(child.pid!) - serverCpu0;
  const threads = threadSplit(child.pid!, threadsCpu0, threadCpuMs(child.pid!));
  const scheduleWholeRun = scheduleSince(schedule0, threadSchedule(child.pid!));
  clearTimeout(firstSecond);
  const ownCpu = process.cpuUsage(ownCpu0);
  const testkitCpu = await internet.call<TestkitCpu>({ type: 'cpu' });
  const connections = countsSince(testkitCpu0.connections, testkitCpu.connections);
  const testkitCpuMs =
    (ownCpu.user + ownCpu.system + testkitCpu.user - testkitCpu0.user + testkitCpu.system - testkitCpu0.system) / 1000;
  const loadAverage = os.loadavg()[0]!;
  return {
    many,
    manyMs,
    running,
    status,
    api,
    serverCpuMs,
    testkitCpuMs,
    connections,
    threads,
    scheduleFirstSecond,
    scheduleWholeRun,
    loadAverage,
  };
}

/** The server's resident memory (VmRSS) and its peak so far (VmHWM), in MB, from /proc (Linux). */
function serverMemoryMb(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/**
 * `BURST` searches POSTed at once (issue 41 item 12, decision 152): per search the time from its POST to
 * its first SSE result, the wall time of all of them, and the server's resident memory while they ran
 * (sampled every 100 ms) — the server must start them all and share the engine's limits between them.
 */
async function burstRun(live: Server) {
  const pid = live.child.pid!;
  const before = serverMemoryMb(pid);
  let rssMax = before.rss;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, serverMemoryMb(pid).rss);
  }, 100);
  const t0 = performance.now();
  const usernames = Array.from({ length: BURST }, (_, i) => `burst${i}`);
  const runs = await Promise.all(usernames.map((u, i) => completedSearch(live, u, `device_burst_${i}`))).finally(() =>
    clearInterval(sampler),
  );
  const wallMs = performance.now() - t0;
  const first = runs.map((r) => r.firstResultMs);
  return {
    searches: BURST,
    post_ms: spread(runs.map((r) => r.postMs)),
    first_result_ms: spread(first),
    first_result_target: 'max <= 2000 ms',
    // How far the first results and the ends overlap: every search had a result before the first one ended.
    first_result_max_before_first_end: Math.max(...first) < Math.min(...runs.map((r) => r.totalMs)),
    search_ms: spread(runs.map((r) => r.totalMs)),
    wall_ms: round(wallMs),
    server_rss_mb: { before: before.rss, max_during: rssMax, peak_since_start: serverMemoryMb(pid).peak },
    load_average_1m: round(os.loadavg()[0]!),
  };
}

/**
 * `BENCH_API_PARTS=cpu`: only the CPU a check costs — one search, the 20 searches without probes `CPU_RUNS`
 * times on the server, then on the bare engine — for comparing trees in adjacent runs (issue 41 item 10).
 */
async function cpuOnly(
  live: Server,
  internet: Internet,
  served: { proxyUrl: string },
  catalogueFile: string,
  dir: string,
) {
  const one = await completedSearch(live, 'blue', 'device_one');
  const usernames = Array.from({ length: SIMULTANEOUS }, (_, i) => `user${i}`);
  // The first 20 after the start, while V8 still compiles the server's code, are not counted (decision 091).
  await simultaneousRun(live, internet, usernames, 'device_cold', false);
  const runs: SimultaneousRun[] = [];
  for (let i = 0; i < CPU_RUNS; i++) {
    runs.push(await simultaneousRun(live, internet, usernames, `device_cpu${i}`, false));
  }
  await stopServer(live.child);
  const engine = await engineAlone({
    catalogueFile,
    proxy: served.proxyUrl,
    caFile: path.join(dir, 'testkit-ca.pem'),
    dataDir: path.join(dir, 'engine-alone'),
    usernames,
    sites: one.results,
  });
  const checks = SIMULTANEOUS * one.results;
  const perCheck = (ms: number) => Number((ms / checks).toFixed(3));
  const best = cheapest(runs, (run) => run.serverCpuMs);
  return {
    sites: one.results,
    server_cpu_ms_per_check: {
      total: perCheck(best.serverCpuMs),
      engine: perCheck(engine.second.cpuMs),
      rest: perCheck(best.serverCpuMs - engine.second.cpuMs),
      runs_server: runs.map((run) => perCheck(run.serverCpuMs)),
      runs_engine: engine.secondRuns.map((run) => perCheck(run.cpuMs)),
    },
    server_thread_cpu_ms_per_check: {
      main: perCheck(best.threads.main),
      database_thread: perCheck(best.threads.database),
      search_thread: perCheck(best.threads.search),
      other_threads: perCheck(best.threads.rest),
    },
    // Per check, at the simulated internet: the connection work the server's searches caused.
    testkit_per_check: Object.fromEntries(
      Object.entries(best.connections).map(([k, v]) => [k, Number((v / checks).toFixed(3))]),
    ),
    wall_ms: runs.map((run) => round(run.manyMs)),
    load_average_1m: round(os.loadavg()[0]!),
  };
}

/** bench/api-engine-child.ts, driven over IPC; its stdout goes to stderr so stdout stays one JSON object. */
class EngineChild {
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private constructor(readonly child: ChildProcess) {
    child.on('message', (message: { id?: number; result?: unknown; error?: string }) => {
      if (message.id === undefined) return;
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) waiter?.reject(new Error(`engine child: ${message.error}`));
      else waiter?.resolve(message.result);
    });
    child.once('exit', (code) => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error(`engine child exited with ${code}`));
      this.waiting.clear();
    });
  }

  static async start(): Promise<EngineChild> {
    const child = fork(path.join(HERE, 'api-engine-child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 2, 'inherit', 'ipc'],
    });
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`engine child exited with ${code} before it was ready`)));
    });
    return new EngineChild(child);
  }

  call<T>(message: EngineChildRequest): Promise<T> {
    const id = ++this.nextId;
    this.child.send({ ...message, id });
    return new Promise<T>((resolve, reject) =>
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject }),
    );
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.call({ type: 'close' }).catch(() => this.child.kill('SIGTERM'));
    await exited;
  }
}

/**
 * The engine's CPU for the simultaneous searches: the server's engine options and warm-up (one search for
 * 'warmup', one for 'blue'), then the same usernames at once, in a child process.
 */
async function engineAlone(options: {
  catalogueFile: string;
  proxy: string;
  caFile: string;
  dataDir: string;
  usernames: string[];
  sites: number;
}): Promise<{ cold: EngineRun; first: EngineRun; second: EngineRun; secondRuns: EngineRun[] }> {
  const engine = await EngineChild.start();
  try {
    const { sites } = await engine.call<{ sites: number }>({
      type: 'start',
      catalogueFile: options.catalogueFile,
      proxy: options.proxy,
      caFile: options.caFile,
      dataDir: options.dataDir,
    });
    if (sites !== options.sites) {
      throw new Error(`the bare engine checks ${sites} sites, the server's searches ${options.sites}: not comparable`);
    }
    for (const username of ['warmup', 'blue']) await engine.call({ type: 'search', usernames: [username] });
    // Like the server's runs: each is compared with the engine's run in its place.
    const runs: EngineRun[] = [];
    for (let i = 0; i < 2 + CPU_RUNS; i++) {
      const run = await engine.call<EngineRun>({ type: 'search', usernames: options.usernames });
      const off = run.results.findIndex((n) => n !== sites);
      if (off >= 0) {
        throw new Error(
          `the bare engine's search for ${options.usernames[off]} gave ${run.results[off]} results, not ${sites}`,
        );
      }
      runs.push(run);
    }
    const secondRuns = runs.slice(2);
    return { cold: runs[0]!, first: runs[1]!, second: cheapest(secondRuns, (run) => run.cpuMs), secondRuns };
  } finally {
    await engine.close();
  }
}

/** The run that cost the least CPU. */
function cheapest<T>(runs: T[], cpuMs: (run: T) => number): T {
  return runs.reduce((best, run) => (cpuMs(run) < cpuMs(best) ? run : best));
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-bench-api-'));
  const useUpstream = fs.existsSync(UPSTREAM);
  if (!useUpstream) console.error(`[bench] ${UPSTREAM} is absent: using a generated 200-site catalogue`);
  const catalogueFile = path.join(dir, 'catalogue.json');
  if (useUpstream) fs.copyFileSync(UPSTREAM, catalogueFile);
  else fs.writeFileSync(catalogueFile, JSON.stringify(generatedCatalogue(200)));
  // The testkit runs in a process of its own: its work is not done on the event loop that times the API.
  const internet = await Internet.start();
  const served = await internet.call<{ proxyUrl: string; caPem: string }>({
    type: 'start',
    options: { catalogues: [{ path: catalogueFile }], latency: { medianMs: 40, p99Ms: 250 }, dir },
  });
  const caFile = path.join(dir, 'testkit-ca.pem');
  fs.writeFileSync(caFile, served.caPem);
  let server: Server | undefined;
  try {
    server = await startServer({
      PORT: '0',
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'info',
      HOUND_CATALOGUES: catalogueFile,
      HOUND_PROXY: served.proxyUrl,
      HOUND_CA_FILE: caFile,
      HEALTH_CHECK_INTERVAL_HOURS: '0',
      LIMIT_ACTIVE_PER_IP: '100',
      LIMIT_DAILY_PER_IP: '100000',
      // Every benchmark stream comes from 127.0.0.1 (decision 097 caps streams per client).
      LIMIT_STREAMS_PER_IP: '1000',
      // The key-authentication part sends thousands of requests with one free plan's key.
      API_FREE_REQUESTS_PER_MINUTE: '100000',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    });
    const live = server;
    const { child, url } = live;
    for (;;) {
      const res = await request(`${url}/readyz`);
      await res.body.dump();
      if (res.statusCode === 200) break;
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}${serverLog(live)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // What authenticating an API key costs (decision 143): in this process, and on the server process.
    const keyAuth = async () => ({
      in_process: await keyAuthInProcess(),
      server: await keyAuthOnServer(url, () => cpuMs(child.pid!)),
      target: 'in_process.cpu_ms_per_request < 0.05; a revoke is seen on every node within 1 s (cache bound + bus)',
    });
    if (process.env.BENCH_API_PARTS === 'key_auth') {
      console.log(JSON.stringify({ benchmark: 'api', key_auth: await keyAuth() }, null, 2));
      return;
    }
    // Warm-up: connections, JIT, the engine's transport.
    await completedSearch(live, 'warmup', 'device_warm');
    if (process.env.BENCH_API_PARTS === 'cpu') {
      console.log(JSON.stringify({ benchmark: 'api', cpu: await cpuOnly(live, internet, served, catalogueFile, dir) }));
      return;
    }
    if (process.env.BENCH_API_PARTS === 'burst') {
      console.log(JSON.stringify({ benchmark: 'api', burst: await burstRun(live) }, null, 2));
      return;
    }

    const one = await completedSearch(live, 'blue', 'device_one');
    const usernames = Array.from({ length: SIMULTANEOUS }, (_, i) => `user${i}`);
    // The first 20 searches after the start run while V8 still compiles the server's code: measured and
    // printed as `cold_start`, and the targets are read on the runs after it, a server in service
    // (decision 091). Then with the API probes (the latency figures), then the same searches without them
    // (the CPU a check costs: the probes are requests of their own, not work the checks cause; decision 090).
    const cold = await simultaneousRun(live, internet, usernames, 'device_cold', true);
    const probed = await simultaneousRun(live, internet, usernames, 'device_many', true);
    const { many, manyMs, status, api, running, loadAverage } = probed;
    const { serverCpuMs, testkitCpuMs } = probed;
    const unprobedRuns: SimultaneousRun[] = [];
    for (let i = 0; i < CPU_RUNS; i++) {
      unprobedRuns.push(await simultaneousRun(live, internet, usernames, `device_cpu${i}`, false));
    }
    const unprobed = cheapest(unprobedRuns, (run) => run.serverCpuMs);

    const burst = await burstRun(live);
    const key_auth = await keyAuth();
    const statusBytes = (await (await request(`${url}/api/search/status/${one.id}`)).body.arrayBuffer()).byteLength;
    const statusUrl = `${url}/api/search/status/${one.id}`;
    const load = await autocannon({ url: statusUrl, connections: 10, duration: LOAD_SECONDS });
    // As a browser asks: it accepts gzip, so a finished search's answer goes compressed (decision 145).
    const gzipHeaders = { 'accept-encoding': 'gzip, deflate, br' };
    const gzipBytes = (await (await request(statusUrl, { headers: gzipHeaders })).body.arrayBuffer()).byteLength;
    // The cheapest route on the same server and clients: what this machine allows any request (decision 145).
    const floorLoad = await autocannon({ url: `${url}/healthz`, connections: 10, duration: LOAD_SECONDS });
    const gzipLoad = await autocannon({
      url: statusUrl,
      connections: 10,
      duration: LOAD_SECONDS,
      headers: gzipHeaders,
    });
    await stopServer(child);

    // The same searches on the bare engine, with the server stopped: the engine's share of the CPU.
    console.error('[bench] the same searches on the bare engine (child process)');
    const engine = await engineAlone({
      catalogueFile,
      proxy: served.proxyUrl,
      caFile,
      dataDir: path.join(dir, 'engine-alone'),
      usernames,
      sites: one.results,
    });

    const checks = SIMULTANEOUS * one.results;
    const serverRuns = unprobedRuns.map((run) => run.serverCpuMs);
    const engineRuns = engine.secondRuns.map((run) => run.cpuMs);
    const perCheck = (ms: number) => Number((ms / checks).toFixed(3));
    const threadsPerCheck = (threads: SimultaneousRun['threads']) => ({
      main: perCheck(threads.main),
      database_thread: perCheck(threads.database),
      search_thread: perCheck(threads.search),
      other_threads: perCheck(threads.rest),
      main_and_database: perCheck(threads.main + threads.database),
    });
    const cores = os.cpus().length;
    console.log(
      JSON.stringify(
        {
          benchmark: 'api',
          setup: {
            database: process.env.BENCH_DATABASE_URL
              ? 'postgresql (BENCH_DATABASE_URL; its CPU is not in the server figures)'
              : 'pglite',
            queue: 'in-process',
            catalogue: useUpstream ? 'upstream sherlock' : 'generated',
            sites: one.results,
            simulated_latency_ms: { median: 40, p99: 250 },
          },
          status_endpoint: {
            search: 'completed, every result included',
            body_bytes: statusBytes,
            connections: 10,
            duration_s: LOAD_SECONDS,
            requests_per_s: round(load.requests.average),
            latency_ms: { p50: load.latency.p50, p99: load.latency.p99, max: load.latency.max },
            errors: load.errors + load.non2xx,
            target: 'p99 <= 10 ms at >= 3000 req/s',
          },
          http_floor: {
            path: '/healthz',
            requests_per_s: round(floorLoad.requests.average),
            latency_ms: { p50: floorLoad.latency.p50, p99: floorLoad.latency.p99, max: floorLoad.latency.max },
          },
          status_endpoint_gzip: {
            accept_encoding: gzipHeaders['accept-encoding'],
            body_bytes: gzipBytes,
            requests_per_s: round(gzipLoad.requests.average),
            latency_ms: { p50: gzipLoad.latency.p50, p99: gzipLoad.latency.p99, max: gzipLoad.latency.max },
            errors: gzipLoad.errors + gzipLoad.non2xx,
          },
          first_sse_result_ms: round(one.firstResultMs),
          first_sse_result_target_ms: 1000,
          one_search_ms: round(one.totalMs),
          simultaneous_searches: SIMULTANEOUS,
          simultaneous: {
            post_ms: spread(many.map((m) => m.postMs)),
            first_result_ms: spread(many.map((m) => m.firstResultMs)),
            first_result_target: 'max <= 1000 ms',
            status_during_run_ms: {
              loops: STATUS_LOOPS,
              pause_ms: SAMPLE_PAUSE_MS,
              count: status.ms.length,
              ...spread(status.ms),
              errors: status.errors,
              // Latency that is the main thread waiting for a core is this machine's limit (047).
              slowest: slowest(status),
            },
            status_during_run_target: 'p99 <= 100 ms',
            // The same samples without those sent while the 20 searches were still being started (their
            // 20 POSTs, streams and job starts are one burst of work on the server's main thread).
            status_after_all_started_ms: spread(status.ms.filter((_, i) => status.sentAt[i]! > running.allStartedAt)),
            api_during_run_ms: {
              path: API_PATH,
              loops: API_LOOPS,
              pause_ms: SAMPLE_PAUSE_MS,
              count: api.ms.length,
              ...spread(api.ms),
              errors: api.errors,
            },
          },
          // The same 20 searches with the probes, on the server that had just started (only two single
          // searches before them): V8 compiles the start path while they start (decision 091).
          cold_start: {
            post_ms: spread(cold.many.map((m) => m.postMs)),
            first_result_ms: spread(cold.many.map((m) => m.firstResultMs)),
            status_during_run_ms: {
              count: cold.status.ms.length,
              ...spread(cold.status.ms),
              slowest: slowest(cold.status),
            },
            wall_ms: round(cold.manyMs),
            server_main_thread_first_second_ms: cold.scheduleFirstSecond ?? null,
          },
          simultaneous_wall_ms: round(manyMs),
          // The CPU the run took on this machine (server + testkit and clients) spread over all its cores:
          // the wall time these searches cannot beat here.
          machine: {
            cores,
            load_average_1m: round(loadAverage),
            floor_ms: round((serverCpuMs + testkitCpuMs) / cores),
          },
          simultaneous_first_result_ms_max: round(Math.max(...many.map((m) => m.firstResultMs))),
          simultaneous_vs_one: round(manyMs / one.totalMs),
          simultaneous_vs_one_target: 3,
          // The run with probes, then the one without, each beside the bare engine's run in its place; then
          // the cold start's.
          simultaneous_cpu_ms: {
            server: round(serverCpuMs),
            testkit_and_clients: round(testkitCpuMs),
            engine_alone: round(engine.first.cpuMs),
            second_run_server: round(unprobed.serverCpuMs),
            second_run_engine_alone: round(engine.second.cpuMs),
            cold_start_server: round(cold.serverCpuMs),
            cold_start_engine_alone: round(engine.cold.cpuMs),
            // Every run without probes; `second_run_*` above is the cheapest of them.
            runs_without_probes_server: serverRuns.map(round),
            runs_without_probes_engine_alone: engineRuns.map(round),
          },
          engine_alone_wall_ms: round(engine.first.wallMs),
          second_run_wall_ms: round(unprobed.manyMs),
          // What one check costs the server in its cheaper run without probes (total), the bare engine's share
          // of it (the same searches in a child process, its cheaper run in the same place) and the rest
          // (database, events, HTTP).
          server_cpu_ms_per_check: {
            total: perCheck(unprobed.serverCpuMs),
            engine: perCheck(engine.second.cpuMs),
            rest: perCheck(unprobed.serverCpuMs - engine.second.cpuMs),
            // How far the repeats of the same work moved apart in this run, on each side: what `rest` can
            // tell apart on this machine (decision 091).
            run_to_run_spread: {
              server: perCheck(Math.max(...serverRuns) - Math.min(...serverRuns)),
              engine: perCheck(Math.max(...engineRuns) - Math.min(...engineRuns)),
            },
          },
          server_cpu_ms_per_check_target: 'rest <= 0.15',
          // The same CPU by thread: the main and database threads do all but the checks (the non-engine
          // work); V8's helper threads serve every thread. Like the two above, from the run without probes.
          server_thread_cpu_ms_per_check: threadsPerCheck(unprobed.threads),
          server_thread_cpu_ms_per_check_target: 'main_and_database <= 0.15',
          // The bare engine's CPU by thread in the same place: its search thread runs what the server's runs,
          // its main thread receives the results, and its helper threads serve those two alone.
          engine_alone_thread_cpu_ms_per_check: {
            main: perCheck(engine.second.threads.main),
            search_thread: perCheck(engine.second.threads.search),
            other_threads: perCheck(engine.second.cpuMs - engine.second.threads.main - engine.second.threads.search),
          },
          // The run with the probes: their requests (≈ 50 a second) cost the main and database threads too.
          server_cpu_ms_per_check_with_probes: {
            total: perCheck(serverCpuMs),
            engine: perCheck(engine.first.cpuMs),
            rest: perCheck(serverCpuMs - engine.first.cpuMs),
          },
          server_thread_cpu_ms_per_check_with_probes: threadsPerCheck(probed.threads),
          // The scheduler's view of the main thread (the API) in the run with probes: time it ran, and time
          // it was ready to run but every core was taken (by the search and database threads, V8's
          // compiler and GC threads, the simulated internet, the benchmark's clients). Waiting is this
          // machine's limit on the API's latency, not work to do.
          server_main_thread_ms: {
            first_second: probed.scheduleFirstSecond ?? null,
            whole_run: probed.scheduleWholeRun,
          },
          checks_per_simultaneous_run: checks,
          burst,
          key_auth,
          machine_load_average_1m: round(os.loadavg()[0]!),
        },
        null,
        2,
      ),
    );
  } finally {
    if (server) await stopServer(server.child);
    await internet.call({ type: 'close' }).catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
