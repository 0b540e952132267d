/**
 * `npm run bench:api`: the server on embedded defaults (PGlite, in-process queue) as a real process,
 * checking sites served by @hound/testkit through HOUND_PROXY/HOUND_CA_FILE. Prints one JSON object:
 * - status endpoint throughput and latency under load (autocannon, bounded in time);
 * - time from POST to the first SSE result;
 * - wall time of one search, and of 20 simultaneous searches.
 * Uses the real Sherlock catalogue from ../shared/upstream when present, else a generated one.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInternet } from '@hound/testkit';
import autocannon from 'autocannon';
import { request } from 'undici';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const UPSTREAM = path.resolve(ROOT, '../shared/upstream/sherlock/data.json');
const SIMULTANEOUS = 20;
const LOAD_SECONDS = 8;

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

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
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
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const end = Date.now() + 60_000;
  for (;;) {
    const match = output.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    if (match) return { child, url: match[1]! };
    if (child.exitCode !== null || Date.now() > end) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the API answers are read field by field
async function json(url: string, init?: Parameters<typeof request>[1]): Promise<any> {
  const res = await request(url, init);
  return res.body.json();
}

/** POSTs a search and follows its SSE stream; resolves with timings relative to the POST. */
async function timedSearch(base: string, username: string, device: string) {
  const t0 = performance.now();
  const started = await json(`${base}/api/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, device_id: device }),
  });
  if (started.status !== 'started') throw new Error(`search not started: ${JSON.stringify(started)}`);
  const res = await request(`${base}/api/search/${started.search_id}/events`, {
    headers: { accept: 'text/event-stream' },
  });
  let firstResultMs: number | undefined;
  let results = 0;
  let text = '';
  for await (const chunk of res.body) {
    text += chunk.toString();
    for (let i = text.indexOf('\n\n'); i >= 0; i = text.indexOf('\n\n')) {
      const block = text.slice(0, i);
      text = text.slice(i + 2);
      if (block.includes('event: result')) {
        results++;
        firstResultMs ??= performance.now() - t0;
      }
    }
  }
  return {
    id: started.search_id as string,
    firstResultMs: firstResultMs ?? Number.NaN,
    totalMs: performance.now() - t0,
    results,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

/** CPU time (user + system, ms) a process has used, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-bench-api-'));
  const useUpstream = fs.existsSync(UPSTREAM);
  if (!useUpstream) console.error(`[bench] ${UPSTREAM} is absent: using a generated 200-site catalogue`);
  const catalogueFile = path.join(dir, 'catalogue.json');
  if (useUpstream) fs.copyFileSync(UPSTREAM, catalogueFile);
  else fs.writeFileSync(catalogueFile, JSON.stringify(generatedCatalogue(200)));
  const internet = await startInternet({
    catalogues: [{ path: catalogueFile }],
    latency: { medianMs: 40, p99Ms: 250 },
    dir,
  });
  const { child, url } = await startServer({
    PORT: '0',
    DATA_DIR: path.join(dir, 'data'),
    LOG_LEVEL: 'info',
    HOUND_CATALOGUES: catalogueFile,
    HOUND_PROXY: internet.proxyUrl,
    HOUND_CA_FILE: internet.caFile,
    HEALTH_CHECK_INTERVAL_HOURS: '0',
    LIMIT_ACTIVE_PER_IP: '100',
    LIMIT_DAILY_PER_IP: '100000',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  try {
    for (;;) {
      const res = await request(`${url}/readyz`);
      await res.body.dump();
      if (res.statusCode === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // Warm-up: connections, JIT, the engine's transport.
    await timedSearch(url, 'warmup', 'device_warm');

    const one = await timedSearch(url, 'blue', 'device_one');
    const serverCpu0 = cpuMs(child.pid!);
    const ownCpu0 = process.cpuUsage();
    const t0 = performance.now();
    const many = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, (_, i) => timedSearch(url, `user${i}`, `device_many_${i}`)),
    );
    const manyMs = performance.now() - t0;
    const serverCpuMs = cpuMs(child.pid!) - serverCpu0;
    const ownCpu = process.cpuUsage(ownCpu0);
    const testkitCpuMs = (ownCpu.user + ownCpu.system) / 1000;

    const statusBytes = (await (await request(`${url}/api/search/status/${one.id}`)).body.arrayBuffer()).byteLength;
    const statusUrl = `${url}/api/search/status/${one.id}`;
    const load = await autocannon({ url: statusUrl, connections: 10, duration: LOAD_SECONDS });

    console.log(
      JSON.stringify(
        {
          benchmark: 'api',
          setup: {
            database: 'pglite',
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
            target: 'p99 <= 25 ms at >= 1000 req/s',
          },
          first_sse_result_ms: round(one.firstResultMs),
          first_sse_result_target_ms: 1000,
          one_search_ms: round(one.totalMs),
          simultaneous_searches: SIMULTANEOUS,
          simultaneous_wall_ms: round(manyMs),
          simultaneous_first_result_ms_max: round(Math.max(...many.map((m) => m.firstResultMs))),
          simultaneous_vs_one: round(manyMs / one.totalMs),
          simultaneous_vs_one_target: 3,
          simultaneous_cpu_ms: { server: round(serverCpuMs), testkit_and_clients: round(testkitCpuMs) },
          // What one check costs the server (engine, database, events): 20 searches cannot finish sooner
          // than this × their checks on the one core the server's event loop runs on.
          server_cpu_ms_per_check: Number((serverCpuMs / (SIMULTANEOUS * one.results)).toFixed(3)),
          checks_per_simultaneous_run: SIMULTANEOUS * one.results,
          machine_load_average_1m: round(os.loadavg()[0]!),
        },
        null,
        2,
      ),
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await internet.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
