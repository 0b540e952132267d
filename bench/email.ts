/**
 * `npm run bench:email` (issue 26 item 5, decision 107): email searches over the whole shipped email-check
 * catalogue (loud and keyed checks included, so every check sends its requests) against the testkit's
 * fakes of it, with seeded log-normal latency (median 150 ms, p99 2 s), for an address registered on every
 * check. The testkit runs in a child process (bench/internet-child.ts), so CPU and memory are the engine's.
 * Each run is a fresh engine (cold connections, as after a start). Prints one JSON object per run, then a
 * summary with the spread:
 * - first_result_ms (target < 1 s);
 * - wall_ms; slowest_request_ms: the slowest single request the testkit served in the run (its simulated
 *   latency plus serving); ratio = wall_ms / slowest_request_ms (target ≤ 1.3); slowest_chain_ms and
 *   ratio_chain: against the slowest check's requests served one after the other (a check's prefetch and
 *   probe cannot overlap: the true floor); slowest_check_ms and ratio_check: against the slowest check as
 *   the engine timed it (its queueing and CPU included); slowest_check_waited_ms: how long after the start
 *   that check's first request reached the testkit (time spent waiting on this machine, not simulated);
 * - cpu_ms and cpu_per_check_ms: this process's CPU (user + system) during the search;
 * - peak_rss_mb, heap_used_mb; correct / wrong / unknown against what the fakes answer (target: 0 wrong);
 * - the machine: load average and the event loop's delay while searching (p50/p99/max), to tell a slow
 *   machine (the floor) from a slow engine.
 * - requests of the search, and second_requests: of the same search again on the same engine (kept controls);
 * - connections dialled and the gaps between a check's requests on its own host (gap_*_ms: time the engine
 *   spends between a prefetch and its probe, or a probe and its control).
 * Environment: BENCH_RUNS (default 5); BENCH_REGISTERED_SHARE (default 1: registered on every check, the
 * worst case for the never-registered controls, decision 131; e.g. 0.08 for a real search's few founds).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import tls from 'node:tls';
import { BUNDLED_EMAIL_CATALOGUE, createEngine, type EmailResult } from '@hound/engine';
import type { EmailCheckEntry } from '@hound/testkit';
import { Internet } from './internet-process.ts';

const REGISTERED = 'bench.person@example.com';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The share of checks the address is registered on: 1 (every check: the worst case), or e.g. 0.08 as in a real search. */
const SHARE = Number(process.env.BENCH_REGISTERED_SHARE ?? 1);
if (!(SHARE >= 0 && SHARE <= 1)) throw new Error('BENCH_REGISTERED_SHARE must be a number from 0 to 1');
const checks = (JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as { checks: EmailCheckEntry[] }).checks;
/** Spread evenly over the catalogue (every n-th check), the same checks in every run and every worktree. */
const registeredOn =
  SHARE >= 1
    ? undefined
    : checks.filter((_, i) => Math.floor((i + 1) * SHARE) > Math.floor(i * SHARE)).map((c) => c.id);

interface Served {
  proxyUrl: string;
  tlsPort: number;
  caPem: string;
}

/** Connections dialled (TCP, with TLS for https) since the run began: a request that reuses one adds none. */
let connections = 0;

/** Dials every host to the testkit (https to its TLS-only port, with the host's SNI): production's path minus DNS. */
function testkitConnector(served: Served) {
  const port = Number(new URL(served.proxyUrl).port);
  const secureContext = tls.createSecureContext({ ca: served.caPem });
  return (
    options: { hostname: string; protocol: string },
    callback: (...args: [Error, null] | [null, net.Socket]) => void,
  ) => {
    const https = options.protocol === 'https:';
    const socket = https
      ? tls.connect({
          host: '127.0.0.1',
          port: served.tlsPort,
          servername: options.hostname,
          secureContext,
          checkServerIdentity: (_host, cert) => tls.checkServerIdentity(options.hostname, cert),
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect({ host: '127.0.0.1', port });
    connections++;
    let settled = false;
    socket.once(https ? 'secureConnect' : 'connect', () => {
      if (!settled) callback(null, socket);
      settled = true;
    });
    socket.once('error', (error) => {
      if (!settled) callback(error, null);
      settled = true;
    });
  };
}

/**
 * Each check's requests one after the other (prefetch, then each probe) as the testkit served them: the
 * sum of their times on the check's hosts. No search can end before its slowest chain.
 */
function chainsMs<T extends { host: string }>(log: T[], took: (r: T) => number): number[] {
  return checks.map((check) => {
    const hosts = hostsOf(check);
    return log.filter((r) => hosts.has(r.host)).reduce((sum, r) => sum + took(r), 0);
  });
}

/**
 * The gaps between one request's end and the next one's start on the same host, for hosts only one check
 * uses (prefetch → probe, probe → control): time the engine spends between a check's requests.
 */
function gapsMs(log: Array<{ host: string; startedAt: number; endedAt?: number }>): number[] {
  const users = new Map<string, number>();
  for (const check of checks) for (const host of hostsOf(check)) users.set(host, (users.get(host) ?? 0) + 1);
  const byHost = new Map<string, typeof log>();
  for (const r of log) if (users.get(r.host) === 1) byHost.set(r.host, [...(byHost.get(r.host) ?? []), r]);
  return [...byHost.values()].flatMap((rs) =>
    rs
      .sort((a, b) => a.startedAt - b.startedAt)
      .slice(1)
      .map((r, i) => r.startedAt - (rs[i]!.endedAt ?? rs[i]!.startedAt)),
  );
}

function hostsOf(check: EmailCheckEntry): Set<string> {
  const urls = [...(check.prefetch ? [check.prefetch.url] : []), ...check.requests.map((r) => r.url)];
  return new Set(urls.map((u) => new URL(u.replace(/\{[a-z_0-9]+\}/g, 'x')).hostname));
}

const ms = (n: number) => Math.round(n);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
}

const internet = await Internet.start();
const served = await internet.call<Served>({
  type: 'start',
  options: { catalogues: [], seed: 7, latency: { medianMs: 150, p99Ms: 2000 } },
});
const fakes = await internet.call<{ served: number; skipped: unknown[] }>({
  type: 'email',
  checks,
  registered: REGISTERED,
  ...(registeredOn ? { on: registeredOn } : {}),
});
const connect = testkitConnector(served);
const runs: Array<Record<string, number | string>> = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    // A data dir of its own per run: nothing kept by an earlier run (controls, decision 162) is read.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hound-bench-email-'));
    const engine = await createEngine({ checks: [], connect, allowPrivateAddresses: true, dataDir });
    await internet.call({ type: 'reset' });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    connections = 0;
    const cpu = process.cpuUsage();
    const startedAt = Date.now();
    const started = performance.now();
    let first = 0;
    const results: EmailResult[] = [];
    const search = () => engine.searchEmail(REGISTERED, { loud: true, keys: { HIBP_API_KEY: 'bench-key' } });
    let wall = 0;
    let used = process.cpuUsage(cpu);
    let log: Array<{ host: string; startedAt: number; endedAt?: number }>;
    let secondRequests = 0;
    let dialled = 0;
    try {
      for await (const { result } of search()) {
        if (results.length === 0) first = performance.now() - started;
        results.push(result);
      }
      wall = performance.now() - started;
      used = process.cpuUsage(cpu);
      dialled = connections;
      delay.disable();
      log = await internet.call<typeof log>({ type: 'log' });
      // The same search again on the same engine, within the controls' window: what it costs a second time.
      for await (const _ of search());
      secondRequests = (await internet.call<typeof log>({ type: 'log' })).length - log.length;
    } finally {
      await engine.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    if (process.env.BENCH_TRACE) {
      const slowestId = results.reduce((a, b) => (b.evidence.elapsedMs > a.evidence.elapsedMs ? b : a)).checkId;
      const hosts = hostsOf(checks.find((c) => c.id === slowestId)!);
      console.error(
        slowestId,
        JSON.stringify(
          log
            .filter((r) => hosts.has(r.host))
            .map((r) => [r.host, r.startedAt - startedAt, (r.endedAt ?? 0) - startedAt]),
        ),
      );
    }
    const took = (r: { startedAt: number; endedAt?: number }) => (r.endedAt ?? r.startedAt) - r.startedAt;
    const slowestRequest = Math.max(...log.map(took));
    const slowestChain = Math.max(...chainsMs(log, took));
    const slowestCheck = Math.max(...results.map((r) => r.evidence.elapsedMs));
    // When the slowest check's first request reached the testkit: time it waited on this machine before
    // anything was simulated (CPU share, connection set-up), not latency the testkit added.
    const slowest = results.find((r) => r.evidence.elapsedMs === slowestCheck)!;
    const slowestHosts = hostsOf(checks.find((c) => c.id === slowest.checkId)!);
    const firstArrival = Math.min(...log.filter((r) => slowestHosts.has(r.host)).map((r) => r.startedAt));
    const expected = (r: EmailResult) => (!registeredOn || registeredOn.includes(r.checkId) ? 'found' : 'not_found');
    const correct = results.filter((r) => r.verdict === expected(r)).length;
    const unknown = results.filter((r) => r.verdict === 'unknown').length;
    const cpuMs = (used.user + used.system) / 1000;
    const row = {
      run,
      checks: results.length,
      first_result_ms: ms(first),
      wall_ms: ms(wall),
      slowest_request_ms: ms(slowestRequest),
      ratio: Number((wall / slowestRequest).toFixed(3)),
      slowest_chain_ms: ms(slowestChain),
      ratio_chain: Number((wall / slowestChain).toFixed(3)),
      slowest_check_ms: ms(slowestCheck),
      ratio_check: Number((wall / slowestCheck).toFixed(3)),
      slowest_check_waited_ms: ms(firstArrival - startedAt),
      slowest_check: slowest.checkId,
      cpu_ms: ms(cpuMs),
      cpu_per_check_ms: Number((cpuMs / results.length).toFixed(2)),
      peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
      heap_used_mb: mb(process.memoryUsage().heapUsed),
      correct,
      wrong: results.length - correct - unknown,
      unknown,
      requests: log.length,
      second_requests: secondRequests,
      connections: dialled,
      gap_p50_ms: ms(percentile(gapsMs(log), 0.5)),
      gap_p90_ms: ms(percentile(gapsMs(log), 0.9)),
      gap_max_ms: ms(percentile(gapsMs(log), 1)),
      loop_delay_p50_ms: ms(delay.percentile(50) / 1e6),
      loop_delay_p99_ms: ms(delay.percentile(99) / 1e6),
      loop_delay_max_ms: ms(delay.max / 1e6),
      load_1m: Number(os.loadavg()[0]!.toFixed(2)),
    };
    runs.push(row);
    console.log(JSON.stringify({ benchmark: 'email', ...row }));
  }
  const of = (key: string) => spread(runs.map((r) => r[key] as number));
  console.log(
    JSON.stringify({
      benchmark: 'email',
      summary: true,
      runs: runs.length,
      registered_share: SHARE,
      checks: runs[0]?.checks,
      fakes_served: fakes.served,
      fakes_skipped: fakes.skipped.length,
      cpus: os.cpus().length,
      first_result_ms: of('first_result_ms'),
      wall_ms: of('wall_ms'),
      slowest_request_ms: of('slowest_request_ms'),
      ratio: of('ratio'),
      ratio_chain: of('ratio_chain'),
      ratio_check: of('ratio_check'),
      slowest_check_waited_ms: of('slowest_check_waited_ms'),
      cpu_per_check_ms: of('cpu_per_check_ms'),
      peak_rss_mb: Math.max(...runs.map((r) => r.peak_rss_mb as number)),
      wrong: Math.max(...runs.map((r) => r.wrong as number)),
      requests: of('requests'),
      second_requests: of('second_requests'),
      connections: of('connections'),
      gap_p90_ms: of('gap_p90_ms'),
      cpu_ms: of('cpu_ms'),
      unknown: of('unknown'),
      loop_delay_p99_ms: of('loop_delay_p99_ms'),
      load_1m: of('load_1m'),
    }),
  );
} finally {
  await internet.call({ type: 'close' }).catch(() => undefined);
}
