/**
 * `npm run bench:cli` (issue 28 item 2): how fast the installable `hound` command starts and reaches the
 * network. Builds the bundle (`scripts/build-cli.mjs`, as `npm pack` does), then runs it as a user would — a
 * new process each time — against the simulated internet with its catalogues cached, as after a first run.
 * Prints one JSON object; every time is the median of `RUNS` runs, with min and max:
 * - node_floor_ms: `node -e ""`, the machine's floor for any Node command;
 * - version_ms: cold `hound --version` from the bundle (target ≤ 250 ms); version_source_ms: the same from
 *   the repository's TypeScript through tsx, for comparison;
 * - first_request_ms: from spawning `hound <name>` to the first request a site receives (catalogues cached);
 *   search_ms: to the process's exit; hosts_asked: sites asked; catalogue_requests: downloads during the
 *   measured runs (0: cached).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startInternet } from '@hound/testkit';
import { FIXTURE_CATALOGUES } from '../packages/engine/src/search/fixture-catalogues.ts';
import {
  MAIGRET_URL,
  SHERLOCK_EXCLUSIONS_URL,
  SHERLOCK_MANIFEST_URL,
  WHATSMYNAME_URL,
} from '../packages/engine/src/sources/defaults.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = path.join(ROOT, 'packages/cli/dist/cli/hound.js');
const SOURCE = path.join(ROOT, 'packages/engine/src/cli/main.ts');
const USERNAME = 'bench-cli-user';

interface Stats {
  median: number;
  min: number;
  max: number;
}

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return { median: Math.round(median), min: Math.round(sorted[0] ?? 0), max: Math.round(sorted.at(-1) ?? 0) };
}

/** Runs a command to its exit; resolves with the spawn time and the exit time (epoch ms). */
function run(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ startedAt: number; endedAt: number; code: number | null }>((resolve, reject) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ startedAt, endedAt: Date.now(), code }));
  });
}

async function timed(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Stats> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { startedAt, endedAt, code } = await run(args, options);
    if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
    times.push(endedAt - startedAt);
  }
  return stats(times);
}

execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-cli.mjs')], { cwd: ROOT, stdio: 'inherit' });

const nodeFloor = await timed(['-e', '']);
const version = await timed([BUNDLE, '--version']);
const versionSource = await timed(['--import', 'tsx', SOURCE, '--version'], { cwd: ROOT });

const internet = await startInternet({ catalogues: FIXTURE_CATALOGUES, seed: 3 });
const work = mkdtempSync(path.join(os.tmpdir(), 'hound-bench-cli-'));
try {
  const [sherlock, whatsmyname, maigret] = FIXTURE_CATALOGUES.map(({ data }) => JSON.stringify(data));
  const catalogueHosts = new Set<string>();
  const serve = (url: string, body: string) => {
    const { host, pathname } = new URL(url);
    catalogueHosts.add(host);
    internet.route(host, pathname, () => ({ status: 200, headers: { 'content-type': 'application/json' }, body }));
  };
  serve(SHERLOCK_MANIFEST_URL, sherlock!);
  serve(WHATSMYNAME_URL, whatsmyname!);
  serve(MAIGRET_URL, maigret!);
  serve(SHERLOCK_EXCLUSIONS_URL, '');

  const home = path.join(work, 'home');
  mkdirSync(home);
  const env = { PATH: path.dirname(process.execPath), HOME: home, NO_COLOR: '1' };
  const args = [BUNDLE, USERNAME, '--proxy', internet.proxyUrl, '--ca', internet.caFile];
  // The first run downloads and caches the catalogues, as a user's first search does; it is not measured.
  await run(args, { cwd: home, env });

  const firstRequest: number[] = [];
  const search: number[] = [];
  let checks = 0;
  let catalogueRequests = 0;
  for (let i = 0; i < RUNS; i++) {
    const { startedAt, endedAt, code } = await run(args, { cwd: home, env });
    if (code !== 0 && code !== 1) throw new Error(`hound ${USERNAME} exited with ${code}`);
    const asked = internet.log
      .requests()
      .filter((r) => r.startedAt >= startedAt && r.startedAt <= endedAt && !catalogueHosts.has(r.host));
    if (asked.length === 0) throw new Error('the search asked no site');
    firstRequest.push(Math.min(...asked.map((r) => r.startedAt)) - startedAt);
    search.push(endedAt - startedAt);
    checks = new Set(asked.map((r) => r.host)).size;
    catalogueRequests += internet.log
      .requests()
      .filter((r) => r.startedAt >= startedAt && r.startedAt <= endedAt && catalogueHosts.has(r.host)).length;
  }
  console.log(
    JSON.stringify({
      benchmark: 'cli',
      runs: RUNS,
      node_floor_ms: nodeFloor,
      version_ms: version,
      version_source_ms: versionSource,
      first_request_ms: stats(firstRequest),
      search_ms: stats(search),
      hosts_asked: checks,
      // 0: the measured runs read the catalogues from the cache, as a user's later searches do.
      catalogue_requests: catalogueRequests,
      load_average: os.loadavg().map((n) => Number(n.toFixed(2))),
    }),
  );
} finally {
  await internet.close();
  rmSync(work, { recursive: true, force: true });
}
