/**
 * Watches across restarts and processes (issue 39): a server restarted mid-run, and a worker killed
 * mid-run, lose no run and duplicate no event; two API nodes' passes and two worker processes (PostgreSQL +
 * Redis) run each watch once per period. The schedule moves with a test clock; searches run for real.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searches, watchEvents, watches, watchRuns } from '../src/db/schema/index.ts';
import { createTestUser } from './support/accounts.ts';
import { injectClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { type Child, runEntry, seedDatabase, workerEnv } from './support/processes.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { DAY, passUntilSettled, TestClock, watchDepsOf } from './support/watch-driver.ts';

const SITES = 12;
const PURPOSE = 'Watching our own brand names.';

/** Site i answers after (i + 1) × `stepMs`: a run takes a while, so it can be cut mid-way. */
function slowSites(net: TestInternet, stepMs: number) {
  for (const host of net.internet.hosts()) {
    const i = Number(host.match(/site(\d+)/)![1]);
    net.internet.fault(host, { kind: 'latency', ms: (i + 1) * stepMs });
  }
}

async function createWatch(stack: Stack, username: string): Promise<string> {
  const user = await createTestUser(stack.services.db.db, { plan: 'premium' });
  const made = await injectClient(stack.app)(
    'POST',
    '/api/watches',
    { kind: 'username', target: username, cadence: 'daily', purpose: PURPOSE },
    user.headers,
  );
  expect(made.status, made.text).toBe(201);
  return made.json.id;
}

describe('a server restarted mid-run (PGlite + in-process)', () => {
  let net: TestInternet;
  let dir: string;
  const clock = new TestClock(new Date('2026-05-04T01:00:00Z'));

  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    slowSites(net, 200);
    // A migrated database copied in (migrating from nothing takes longer than the test).
    dir = path.join(seedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'hound-watch-restart-'))), 'db');
  });
  afterAll(async () => {
    await net?.close();
    if (dir) fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('resumes the run after the restart and settles it once: one baseline, no lost run', async () => {
    const first = await startStack(MODES[0]!, { createEngine: net.createEngine(), pgliteDir: dir, now: clock.now });
    const watchId = await createWatch(first, 'restarted');
    await passUntilSettled(watchDepsOf(first, clock), 1).catch(() => {}); // claims, does not wait for the run
    const db1 = first.services.db.db;
    const [run] = await db1.select().from(watchRuns).where(eq(watchRuns.watchId, watchId));
    await waitFor(async () => {
      const [row] = await db1.select().from(searches).where(eq(searches.id, run!.searchId!));
      return row && row.done >= 3 ? true : undefined;
    });
    await first.close(); // mid-run: the search is left running, the run open

    const second = await startStack(MODES[0]!, { createEngine: net.createEngine(), pgliteDir: dir, now: clock.now });
    try {
      await passUntilSettled(watchDepsOf(second, clock));
      const db = second.services.db.db;
      const runs = await db.select().from(watchRuns).where(eq(watchRuns.watchId, watchId));
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ complete: true, notFound: SITES });
      const [search] = await db.select().from(searches).where(eq(searches.id, run!.searchId!));
      expect(search).toMatchObject({ status: 'completed', done: SITES });
      const events = await db.select().from(watchEvents).where(eq(watchEvents.watchId, watchId));
      expect(events.map((e) => e.type)).toEqual(['baseline']);
      // Settling again (a second pass, another process) changes nothing.
      await passUntilSettled(watchDepsOf(second, clock));
      expect(await db.select().from(watchEvents).where(eq(watchEvents.watchId, watchId))).toHaveLength(1);
    } finally {
      await second.close();
    }
  }, 120_000);
});

const scale = MODES.find((m) => m.scale)!;

describe.skipIf(scale.skip)('two API nodes and two workers (PostgreSQL + Redis)', () => {
  let net: TestInternet;
  let apiA: Stack;
  let apiB: Stack;
  const children: Child[] = [];
  const clock = new TestClock(new Date('2026-05-04T01:00:00Z'));
  const worker = (name: string) => {
    // A generous check time: on a loaded 2-core machine a starved search's checks time out together, and a
    // run with most checks timed out is incomplete by design — not what this test is about.
    const env = { ...workerEnv(apiA, net, name), WORKER_CONCURRENCY: '4', SEARCH_CHECK_TIMEOUT_MS: '60000' };
    const child = runEntry('worker', env, { name });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    net = await startTestInternet({ sites: SITES });
    slowSites(net, 60);
    apiA = await startStack(scale, { createEngine: net.createEngine(), runSearches: false, now: clock.now });
    apiB = await startStack(scale, {
      createEngine: net.createEngine(),
      runSearches: false,
      now: clock.now,
      join: apiA,
    });
    await Promise.all(
      [worker('worker-a'), worker('worker-b')].map((w) => w.waitForOutput('Hound worker ready', 60_000)),
    );
  }, 120_000);
  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited));
    await apiB?.close();
    await apiA?.close();
    await net?.close();
  });

  it('each watch runs once per period, and a worker killed mid-run costs no run and no duplicate', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await createWatch(i % 2 === 0 ? apiA : apiB, `scaled${i}`));
    const depsA = { ...watchDepsOf(apiA, clock), config: { ...apiA.config.watches, activeRuns: 6 } };
    const depsB = { ...watchDepsOf(apiB, clock), config: { ...apiB.config.watches, activeRuns: 6 } };
    const db = apiA.services.db.db;
    const bothPass = () => Promise.all([passUntilSettled(depsA, 90_000), passUntilSettled(depsB, 90_000)]);

    await bothPass();
    clock.advance(DAY);
    // Period 2: claim on both nodes at once, then kill a worker while the runs' searches are under way.
    await Promise.all([passUntilSettled(depsA, 1).catch(() => {}), passUntilSettled(depsB, 1).catch(() => {})]);
    await waitFor(async () => {
      const running = await db.select({ done: searches.done }).from(searches).where(inArray(searches.watchId, ids));
      return running.some((s) => s.done > 0 && s.done < SITES) ? true : undefined;
    }, 30_000);
    children[0]!.process.kill('SIGKILL');
    await children[0]!.exited;
    await bothPass();
    clock.advance(DAY);
    await bothPass();

    const runs = await db.select().from(watchRuns).where(inArray(watchRuns.watchId, ids));
    for (const id of ids) {
      const mine = runs.filter((r) => r.watchId === id);
      expect(
        mine.map((r) => r.kind),
        id,
      ).toEqual(['scheduled', 'scheduled', 'scheduled']);
      expect(
        mine.every((r) => r.finishedAt !== null && r.complete === true),
        id,
      ).toBe(true);
    }
    const events = await db.select().from(watchEvents).where(inArray(watchEvents.watchId, ids));
    expect(events.map((e) => e.type)).toEqual(ids.map(() => 'baseline'));
    const open = await db.select().from(watches).where(inArray(watches.id, ids));
    expect(open.every((w) => w.openRunId === null)).toBe(true);
  }, 240_000);
});
