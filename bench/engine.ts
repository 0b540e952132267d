/**
 * Engine benchmark (docs/decisions/036-engine-benchmark.md). Runs @hound/engine against @hound/testkit
 * loaded with the three real upstream catalogues and prints one JSON object per scenario:
 *   a  seeded log-normal latency (median 150 ms, p99 2 s), no faults
 *   b  the same plus 1 % of hosts hanging and 3 % serving WAF pages
 *   c  ten searches at once on the (a) internet
 *   tls_floor  no engine: bare node:tls connections to the testkit (no latency) as fast as this machine
 *      opens them; scenario (a) then reports `ratio_at_tls_floor`, the ratio its own requests would reach
 *      if each started at that rate (the best any client making one TLS connection per host can do here)
 * Each scenario runs in a fresh process, and the testkit in a child of that, so `peak_rss_mb` is the
 * engine's own memory. Usage: npm run bench:engine. Environment (for tuning runs):
 * BENCH_SCENARIOS=tls_floor,a,b,c, BENCH_TIMEOUT_MS, BENCH_GLOBAL (global concurrency), BENCH_PER_HOST
 * (per-host concurrency), BENCH_KEEPALIVE_MS (idle keep-alive), BENCH_VIA_PROXY=1 (go through the testkit's HTTP proxy instead of dialling it
 * directly).
 * What decision 100's answer checks cost (docs/decisions/105-baselines-for-400-and-their-cost.md):
 * BENCH_SELF_TEST=1 runs the health self-test once, first, on the (a) internet, in its own process (the
 * `self_test` line) and every scenario's engine starts from its health.json — cold, but with every site's
 * baseline and the same sites left out as unreliable, whichever scenario runs — BENCH_GUARDS=off searches without control
 * probes and baselines (the engine's `searchGuards: false`), BENCH_NAMELESS=0.2 makes that share of hosts
 * leave the username off their profiles (so their weak founds take a control probe), and
 * BENCH_COMPARE_GUARDS=1 runs each scenario with the checks off and then on (BENCH_COMPARE_ORDER=on-first:
 * the other way round), back to back, and prints a `guards_cost` line with the extra requests, wall time
 * and engine CPU. BENCH_SECOND=1 searches again on other names right after, within the control window
 * (decision 127), and adds a `second` object (requests, wall time, verdicts, controls sent).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { controlProbesFor, createEngine, type HoundEngine, prepareRequest, type SiteResult } from '@hound/engine';
import { Internet } from './internet-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const upstream = path.resolve(here, '../../shared/upstream');
const CATALOGUES = ['sherlock/data.json', 'whatsmyname/wmn-data.json', 'maigret/data.json'].map((p) =>
  path.join(upstream, p),
);
const LATENCY = { medianMs: 150, p99Ms: 2_000 };

const env = process.env;

/**
 * Dials every host to the testkit (https to its TLS-only port), TLS with the host's SNI and only the
 * testkit CA trusted: the production request path minus DNS (what the testkit's own `connect` does,
 * rebuilt here because the testkit lives in another process).
 */
function testkitConnector(served: Served) {
  const port = Number(new URL(served.proxyUrl).port);
  const tlsPort = served.tlsPort;
  const secureContext = tls.createSecureContext({ ca: served.caPem });
  // TLS session cache per host name, like undici's own connector keeps (maxCachedSessions).
  const sessions = new Map<string, Buffer>();
  return (
    options: { hostname: string; protocol: string },
    callback: (...args: [Error, null] | [null, net.Socket]) => void,
  ) => {
    const hostname = options.hostname;
    let settled = false;
    const done = (error: Error | null, socket?: net.Socket) => {
      if (settled) return;
      settled = true;
      if (error) callback(error, null);
      else callback(null, socket as net.Socket);
    };
    const socket =
      options.protocol === 'https:'
        ? tls.connect({
            host: '127.0.0.1',
            port: tlsPort,
            servername: hostname,
            secureContext,
            checkServerIdentity: (_host, cert) => tls.checkServerIdentity(hostname, cert),
            ALPNProtocols: ['http/1.1'],
            ...(sessions.has(hostname) ? { session: sessions.get(hostname) } : {}),
          })
        : net.connect({ host: '127.0.0.1', port });
    if (socket instanceof tls.TLSSocket) socket.on('session', (session: Buffer) => sessions.set(hostname, session));
    connectStats.connects++;
    connectStats.sockets.push(socket);
    socket.once(options.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
      if (socket instanceof tls.TLSSocket && socket.isSessionReused()) connectStats.resumed++;
      done(null, socket);
    });
    socket.once('error', (error) => done(error));
  };
}

/** New TLS connections per second this machine manages without the engine (the tls_floor scenario). */
let tlsPerSecond: number | undefined;

/**
 * Connections opened by the connector (direct mode only), TLS sessions resumed among them, and the bytes
 * the engine's sockets received (TLS records included) and sent.
 */
const connectStats = { connects: 0, resumed: 0, sockets: [] as net.Socket[] };
const socketBytes = () =>
  connectStats.sockets.reduce((sum, s) => ({ read: sum.read + s.bytesRead, written: sum.written + s.bytesWritten }), {
    read: 0,
    written: 0,
  });

interface Served {
  proxyUrl: string;
  tlsPort: number;
  caPem: string;
  sites: Array<{ name: string; host: string; format: string }>;
  conflicts: string[];
}

/** Deterministic "registered on about half the hosts" choice. */
function chosen(host: string): boolean {
  let hash = 2166136261;
  for (const char of host) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0) % 2 === 0;
}

type Expectation = 'found' | 'not_found' | 'mixed';

/** What the testkit serves for `username` on each engine site: registered host → found, else not_found. */
function expectations(engine: HoundEngine, username: string, registered: Set<string>): Map<string, Expectation> {
  const expected = new Map<string, Expectation>();
  const hostKey = (host: string) => host.toLowerCase();
  const registeredHosts = new Set([...registered].map((h) => hostKey(h.replace('{username}', username))));
  for (const site of engine.sites) {
    const seen = new Set<boolean>();
    for (const check of site.checks) {
      const prepared = prepareRequest(check, username);
      if (prepared.ok) seen.add(registeredHosts.has(hostKey(new URL(prepared.request.url).hostname)));
    }
    if (seen.size === 1) expected.set(site.id, seen.has(true) ? 'found' : 'not_found');
    else if (seen.size === 2) expected.set(site.id, 'mixed');
  }
  return expected;
}

interface Run {
  results: SiteResult[];
  wallMs: number;
  firstResultMs: number;
  firstCheckedMs: number;
}

async function search(engine: HoundEngine, username: string): Promise<Run> {
  const started = performance.now();
  let firstResultMs = -1;
  let firstCheckedMs = -1;
  const results: SiteResult[] = [];
  for await (const { result } of engine.searchUsername(username)) {
    const at = performance.now() - started;
    if (firstResultMs < 0) firstResultMs = at;
    if (firstCheckedMs < 0 && result.evidence.status !== undefined) firstCheckedMs = at;
    results.push(result);
  }
  return { results, wallMs: performance.now() - started, firstResultMs, firstCheckedMs };
}

function score(results: SiteResult[], expected: Map<string, Expectation>) {
  let correct = 0;
  let wrong = 0;
  let unknown = 0;
  let invalid = 0;
  const wrongSites: string[] = [];
  const reasons: Record<string, number> = {};
  for (const result of results) {
    if (result.verdict === 'unknown') {
      unknown++;
      reasons[result.reason ?? 'none'] = (reasons[result.reason ?? 'none'] ?? 0) + 1;
    } else if (result.verdict === 'invalid') invalid++;
    else {
      const want = expected.get(result.siteId);
      if (want === result.verdict) correct++;
      else if (want === 'mixed' || want === undefined) unknown++;
      else {
        wrong++;
        if (wrongSites.length < 10) wrongSites.push(`${result.siteId}: ${result.verdict} (${result.evidence.rule})`);
      }
    }
  }
  return { correct, wrong, unknown, invalid, wrongSites, reasons };
}

/**
 * The slowest single check the search had to wait for: the longest server-side request duration (the
 * injected latency), or, for checks that ran out of time (hanging hosts), the time the engine gave them
 * before giving up (the headers timeout or the check budget, whichever came first).
 */
function floorMs(log: Array<{ startedAt: number; endedAt?: number }>, timeoutMs: number, timedOutMs: number): number {
  let floor = timedOutMs;
  for (const entry of log) {
    const duration = entry.endedAt === undefined ? timeoutMs : Math.min(timeoutMs, entry.endedAt - entry.startedAt);
    if (duration > floor) floor = duration;
  }
  return floor;
}

const cpuMs = (usage: NodeJS.CpuUsage) => Math.round((usage.user + usage.system) / 1000);

function rssSampler() {
  let peak = process.memoryUsage.rss();
  let peakHeap = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    // The full breakdown is costlier to read; every 10th sample is enough for the heap's share.
    if (++ticks % 10 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 50);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return {
    stop: () => {
      clearInterval(timer);
      return { rss: mb(Math.max(peak, process.memoryUsage.rss())), heap: mb(peakHeap) };
    },
  };
}

async function scenario(
  name: string,
  options: { hangShare?: number; wafShare?: number; parallel: number; selfTest?: boolean },
): Promise<Record<string, unknown>> {
  const internet = await Internet.start();
  try {
    const served = await internet.call<Served>({
      type: 'start',
      options: {
        catalogues: CATALOGUES.map((p) => ({ path: p })),
        seed: 1,
        latency: LATENCY,
        hangShare: options.hangShare ?? 0,
        wafShare: options.wafShare ?? 0,
        namelessShare: Number(env.BENCH_NAMELESS ?? 0),
        prewarmTls: true,
      },
    });
    const usernames = Array.from({ length: options.parallel }, (_, i) => `houndbench${i}`);
    // A second search within the control window (decision 127), on other names, when asked for.
    const second = env.BENCH_SECOND === '1' ? usernames.map((u) => `${u}again`) : [];
    const candidates = [...new Set(served.sites.map((s) => s.host))].filter(chosen);
    const registered = new Map<string, Set<string>>();
    for (const username of [...usernames, ...second]) {
      registered.set(
        username,
        new Set(await internet.call<string[]>({ type: 'register', username, hosts: candidates })),
      );
    }
    // The self-test's data directory when there is one (only a self-test writes to it), else a fresh one.
    const dataDir = env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'hound-bench-')));
    const guards = env.BENCH_GUARDS !== 'off';
    const engineOptions = {
      catalogues: CATALOGUES,
      dataDir,
      ...(env.BENCH_VIA_PROXY
        ? { proxy: served.proxyUrl, caPem: served.caPem }
        : // The testkit is on loopback: a connector to it needs non-public addresses allowed (decision 096).
          { connect: testkitConnector(served), allowPrivateAddresses: true }),
      ...(env.BENCH_TIMEOUT_MS ? { timeoutMs: Number(env.BENCH_TIMEOUT_MS) } : {}),
      ...(env.BENCH_GLOBAL ? { globalConcurrency: Number(env.BENCH_GLOBAL) } : {}),
      ...(env.BENCH_PER_HOST ? { perHostConcurrency: Number(env.BENCH_PER_HOST) } : {}),
      ...(env.BENCH_KEEPALIVE_MS ? { keepAliveTimeoutMs: Number(env.BENCH_KEEPALIVE_MS) } : {}),
    };
    if (options.selfTest) {
      // The self-test alone: it writes health.json (the baselines) to BENCH_DATA_DIR for the scenarios.
      const testing = await createEngine(engineOptions);
      const at = performance.now();
      const health = await testing.selfTest();
      const checks = health.flatMap((h) => h.checks ?? []);
      await testing.close();
      return {
        scenario: 'self_test',
        wall_ms: Math.round(performance.now() - at),
        sites: health.length,
        unreliable_sites: health.filter((h) => !h.reliable).length,
        checks: checks.length,
        baselines: checks.filter((c) => c.baseline).length,
        not_found_400_baselines: checks.filter(
          (c) =>
            c.baseline?.notFound &&
            c.baseline.notFound.status >= 400 &&
            c.baseline.notFound.status !== 404 &&
            c.baseline.notFound.status !== 410,
        ).length,
        load_avg_1m: Number(os.loadavg()[0]?.toFixed(2)),
      };
    }
    const engine = await createEngine({ ...engineOptions, searchGuards: guards });
    const timeoutMs = engine.transport.options.timeoutMs;
    await internet.call({ type: 'reset' });
    const testkitCpu = await internet.call<NodeJS.CpuUsage>({ type: 'cpu' });
    const engineCpu = process.cpuUsage();
    const rss = rssSampler();
    const started = performance.now();
    connectStats.connects = 0;
    connectStats.resumed = 0;
    connectStats.sockets = [];
    const runs = await Promise.all(usernames.map((u) => search(engine, u)));
    const wallMs = performance.now() - started;
    const bytes = socketBytes();
    const memory = rss.stop();
    const engineCpuMs = cpuMs(process.cpuUsage(engineCpu));
    const testkitCpuMs = cpuMs(await internet.call<NodeJS.CpuUsage>({ type: 'cpu' })) - cpuMs(testkitCpu);
    const log = await internet.call<Array<{ startedAt: number; endedAt?: number }>>({ type: 'log' });
    const timedOutMs = Math.max(
      0,
      ...runs.flatMap((run) => run.results.filter((r) => r.reason === 'timeout').map((r) => r.evidence.elapsedMs)),
    );
    const floor = floorMs(log, timeoutMs, Math.min(timeoutMs, timedOutMs));
    const scores = runs.map((run, i) => {
      const username = usernames[i] as string;
      return score(run.results, expectations(engine, username, registered.get(username) as Set<string>));
    });
    const sum = (key: 'correct' | 'wrong' | 'unknown' | 'invalid') => scores.reduce((n, s) => n + s[key], 0);
    const sites = runs[0]?.results.length ?? 0;
    const checks = engine.sites
      .filter((s) => runs[0]?.results.some((r) => r.siteId === s.id))
      .reduce((n, s) => n + s.checks.length, 0);
    const controlsFirst = { ...controlProbesFor(engine.transport).counts };
    let secondLine: Record<string, unknown> = {};
    if (second.length > 0) {
      await internet.call({ type: 'reset' });
      const at = performance.now();
      const again = await Promise.all(second.map((u) => search(engine, u)));
      const againMs = performance.now() - at;
      const againLog = await internet.call<unknown[]>({ type: 'log' });
      const againScores = again.map((run, i) =>
        score(
          run.results,
          expectations(engine, second[i] as string, registered.get(second[i] as string) as Set<string>),
        ),
      );
      const counts = controlProbesFor(engine.transport).counts;
      secondLine = {
        second: {
          requests: againLog.length,
          wall_ms: Math.round(againMs),
          correct: againScores.reduce((n, s) => n + s.correct, 0),
          wrong: againScores.reduce((n, s) => n + s.wrong, 0),
          unknown: againScores.reduce((n, s) => n + s.unknown, 0),
          control_probes: { sent: counts.sent - controlsFirst.sent, shared: counts.shared - controlsFirst.shared },
        },
      };
    }
    const line = {
      scenario: name,
      searches: options.parallel,
      sites,
      checks,
      requests: log.length,
      // New connections the engine opened, and how many of their TLS handshakes resumed a session.
      connections: connectStats.connects,
      tls_resumed: connectStats.resumed,
      // Bytes on the engine's sockets (direct mode only): received and sent, TLS overhead included.
      bytes_received: bytes.read,
      bytes_sent: bytes.written,
      wall_ms: Math.round(wallMs),
      floor_ms: Math.round(floor),
      ratio: Number((wallMs / floor).toFixed(3)),
      ...(tlsPerSecond && options.parallel === 1
        ? { ratio_at_tls_floor: pacedRatio(log, tlsPerSecond, timeoutMs, floor) }
        : {}),
      first_result_ms: Math.round(Math.max(...runs.map((r) => r.firstResultMs))),
      first_checked_result_ms: Math.round(Math.max(...runs.map((r) => r.firstCheckedMs))),
      peak_rss_mb: memory.rss,
      peak_heap_mb: memory.heap,
      correct: sum('correct'),
      wrong: sum('wrong'),
      unknown: sum('unknown'),
      invalid: sum('invalid'),
      unknown_reasons: scores.reduce<Record<string, number>>((all, s) => {
        for (const [reason, n] of Object.entries(s.reasons)) all[reason] = (all[reason] ?? 0) + n;
        return all;
      }, {}),
      timeout_ms: timeoutMs,
      engine_cpu_ms: engineCpuMs,
      testkit_cpu_ms: testkitCpuMs,
      load_avg_1m: Number(os.loadavg()[0]?.toFixed(2)),
      transport: env.BENCH_VIA_PROXY ? 'proxy' : 'connect',
      global_concurrency: engine.transport.options.globalConcurrency,
      per_host_concurrency: engine.transport.options.perHostConcurrency,
      guards: guards ? 'on' : 'off',
      nameless_share: Number(env.BENCH_NAMELESS ?? 0),
      baselines: env.BENCH_DATA_DIR ? 'self-test' : 'none',
      // Control probes started and weak founds answered from one already taken (decision 100).
      control_probes: controlsFirst,
      ...secondLine,
      ...(sum('wrong') > 0 ? { wrong_examples: scores.flatMap((s) => s.wrongSites).slice(0, 10) } : {}),
    };
    await engine.close();
    return line;
  } finally {
    await internet.call({ type: 'close' }).catch(() => {});
  }
}

/**
 * The machine's ceiling for new TLS connections: bare node:tls (no undici, no engine) against the
 * testkit's TLS-only port with no injected latency, one `GET` and close per connection, 512 at a time.
 */
async function tlsFloor(): Promise<Record<string, unknown> & { connections_per_s: number }> {
  const internet = await Internet.start();
  try {
    const served = await internet.call<Served>({
      type: 'start',
      options: { catalogues: CATALOGUES.map((p) => ({ path: p })), seed: 1, prewarmTls: true },
    });
    const hosts = [...new Set(served.sites.map((s) => s.host))].filter((h) => !h.includes('{'));
    const secureContext = tls.createSecureContext({ ca: served.caPem });
    const one = (host: string) =>
      new Promise<void>((resolve) => {
        const socket = tls.connect({ host: '127.0.0.1', port: served.tlsPort, servername: host, secureContext });
        socket.once('secureConnect', () => socket.end(`GET / HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`));
        socket.on('data', () => {});
        socket.once('close', () => resolve());
        socket.once('error', () => socket.destroy());
      });
    const testkitCpu = await internet.call<NodeJS.CpuUsage>({ type: 'cpu' });
    const ownCpu = process.cpuUsage();
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < hosts.length) await one(hosts[next++] as string);
    };
    await Promise.all(Array.from({ length: 512 }, worker));
    const wallMs = performance.now() - started;
    const perConnection = (ms: number) => Number((ms / hosts.length).toFixed(3));
    return {
      scenario: 'tls_floor',
      connections: hosts.length,
      wall_ms: Math.round(wallMs),
      connections_per_s: Math.round((hosts.length / wallMs) * 1000),
      client_cpu_ms_per_connection: perConnection(cpuMs(process.cpuUsage(ownCpu))),
      testkit_cpu_ms_per_connection: perConnection(
        cpuMs(await internet.call<NodeJS.CpuUsage>({ type: 'cpu' })) - cpuMs(testkitCpu),
      ),
      load_avg_1m: Number(os.loadavg()[0]?.toFixed(2)),
    };
  } finally {
    await internet.call({ type: 'close' }).catch(() => {});
  }
}

/**
 * The ratio a search would reach if its requests, in the order they reached the testkit, each started
 * at `perSecond` and took the time the testkit gave them (capped at the engine's timeout).
 */
function pacedRatio(
  log: Array<{ startedAt: number; endedAt?: number }>,
  perSecond: number,
  timeoutMs: number,
  floor: number,
): number {
  const sorted = [...log].sort((x, y) => x.startedAt - y.startedAt);
  let wall = 0;
  sorted.forEach((entry, i) => {
    const duration = entry.endedAt === undefined ? timeoutMs : Math.min(timeoutMs, entry.endedAt - entry.startedAt);
    wall = Math.max(wall, (i / perSecond) * 1000 + duration);
  });
  return Number((wall / floor).toFixed(3));
}

if (!CATALOGUES.every((p) => existsSync(p))) {
  console.error(`bench:engine skipped: the upstream catalogues are not in ${upstream}`);
  process.exit(0);
}
/** Runs one scenario in this process and returns its line. */
async function runOne(name: string): Promise<Record<string, unknown>> {
  switch (name) {
    case 'tls_floor':
      return tlsFloor();
    case 'a':
      return scenario('a', { parallel: 1 });
    case 'b':
      return scenario('b', { hangShare: 0.01, wafShare: 0.03, parallel: 1 });
    case 'c':
      return scenario('c', { parallel: 10 });
    case 'self_test':
      return scenario('self_test', { parallel: 1, selfTest: true });
    default:
      throw new Error(`unknown scenario ${name} (use tls_floor, a, b, c)`);
  }
}

/**
 * Runs a scenario in a fresh process, so its peak RSS is not the previous scenario's leftover; passes on
 * the numbers later scenarios compare with.
 */
function runInChild(name: string, shared: Record<string, string>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...env, ...shared, BENCH_ONE: name },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line));
      else reject(new Error(`scenario ${name} exited with ${code}: ${out}`));
    });
  });
}

if (env.BENCH_ONE) {
  if (env.BENCH_TLS_PER_S) tlsPerSecond = Number(env.BENCH_TLS_PER_S);
  const line = await runOne(env.BENCH_ONE);
  const single = Number(env.BENCH_SINGLE_WALL_MS);
  if (env.BENCH_ONE === 'c' && single > 0) line.vs_single_wall = Number(((line.wall_ms as number) / single).toFixed(3));
  console.log(JSON.stringify(line));
} else {
  const shared: Record<string, string> = {};
  const compare = env.BENCH_COMPARE_GUARDS === '1';
  if (env.BENCH_SELF_TEST === '1') {
    shared.BENCH_DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'hound-bench-health-'));
    console.log(JSON.stringify(await runInChild('self_test', shared)));
  }
  for (const name of (env.BENCH_SCENARIOS ?? 'tls_floor,a,b,c').split(',')) {
    if (compare && name !== 'tls_floor') {
      // BENCH_COMPARE_ORDER=on-first swaps the pair, so a repeat shows whether going second helps.
      const order = env.BENCH_COMPARE_ORDER === 'on-first' ? ['on', 'off'] : ['off', 'on'];
      const lines: Record<string, Record<string, unknown>> = {};
      for (const guards of order) {
        lines[guards] = await runInChild(name, { ...shared, BENCH_GUARDS: guards });
        console.log(JSON.stringify(lines[guards]));
      }
      const { off, on } = lines as { off: Record<string, unknown>; on: Record<string, unknown> };
      console.log(JSON.stringify(guardsCost(name, off, on)));
      continue;
    }
    const line = await runInChild(name, shared);
    if (name === 'tls_floor') shared.BENCH_TLS_PER_S = String(line.connections_per_s);
    if (name === 'a') shared.BENCH_SINGLE_WALL_MS = String(line.wall_ms);
    console.log(JSON.stringify(line));
  }
}

/** What the answer checks cost in one scenario: the run with them against the run without. */
function guardsCost(name: string, off: Record<string, unknown>, on: Record<string, unknown>) {
  const n = (line: Record<string, unknown>, key: string) => Number(line[key]);
  const pct = (key: string) => Number((((n(on, key) - n(off, key)) / n(off, key)) * 100).toFixed(1));
  return {
    scenario: `${name}:guards_cost`,
    requests_off: n(off, 'requests'),
    requests_on: n(on, 'requests'),
    requests_extra: n(on, 'requests') - n(off, 'requests'),
    requests_pct: pct('requests'),
    wall_ms_off: n(off, 'wall_ms'),
    wall_ms_on: n(on, 'wall_ms'),
    wall_pct: pct('wall_ms'),
    ratio_off: n(off, 'ratio'),
    ratio_on: n(on, 'ratio'),
    // The engine's own CPU: what the baseline comparisons and control probes cost, less exposed to the
    // machine's other load than the wall time.
    engine_cpu_ms_off: n(off, 'engine_cpu_ms'),
    engine_cpu_ms_on: n(on, 'engine_cpu_ms'),
    engine_cpu_pct: pct('engine_cpu_ms'),
    load_avg_1m: [off.load_avg_1m, on.load_avg_1m],
    control_probes: on.control_probes,
    wrong_off: n(off, 'wrong'),
    wrong_on: n(on, 'wrong'),
    unknown_off: n(off, 'unknown'),
    unknown_on: n(on, 'unknown'),
  };
}
