/**
 * Two runs of the same search writing at once (a worker taking over from one that is still alive): each
 * starts on the one-statement path, sees the other's writes and continues under the lock, so every site is
 * stored once, with sequence numbers 1..n, whatever the interleaving. And the claim: one statement that
 * keeps a resumed search's start time and never revives an ended search, catalogues loaded or not.
 */
import { randomBytes } from 'node:crypto';
import type { Engine, SiteResult } from '@hound/engine';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, openTestDatabase } from '../../../test/support/stacks.ts';
import type { EngineHost } from '../../catalogues/engine-host.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { searches } from '../../db/schema/index.ts';
import { createMemorySearchBus } from '../../events/memory-search-bus.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { createMemorySearchLimiter } from '../../limits/memory-search-limiter.ts';
import { readStoredResults } from './result-batches.ts';
import { runSearch } from './run-search.ts';
import { CATALOGUES_LOADING_MESSAGE } from './search-messages.ts';

const SITES = Array.from({ length: 24 }, (_, i) => ({ id: `site${i}.example`, name: `Site ${i}` }));

const siteResult = (site: (typeof SITES)[number], found: boolean): SiteResult => ({
  siteId: site.id,
  name: site.name,
  url: `https://${site.id}/blue`,
  category: 'other',
  tags: [],
  verdict: found ? 'found' : 'not_found',
  evidence: { status: found ? 200 : 404, rule: 'status', elapsedMs: 1, agreed: ['sherlock'] },
});

/** An engine answering every site, in the given order, a few milliseconds apart, once `start` resolves. */
function fakeEngine(order: number[], start: Promise<void>, started: () => void): EngineHost {
  const engine = {
    sites: SITES,
    health: () => [],
    async *searchUsername() {
      started();
      await start;
      for (const i of order) {
        await new Promise((r) => setTimeout(r, 1 + (i % 3)));
        yield { result: siteResult(SITES[i]!, i % 5 === 0), progress: { done: 0, total: SITES.length } };
      }
    },
  } as unknown as Engine;
  return { lease: () => ({ engine, release: () => {} }) } as unknown as EngineHost;
}

/** Catalogues that never finish loading. */
const loadingEngines = { lease: () => undefined, whenReady: () => new Promise(() => {}) } as unknown as EngineHost;

const quietLog = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const testLimiter = () =>
  createMemorySearchLimiter({
    activeGlobal: 10,
    activePerIp: 10,
    activePerDevice: 10,
    dailyPerIp: 10,
    dailyPerDevice: 10,
  });

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`two runs of one search on ${mode.name}`, () => {
    let handle: DatabaseHandle;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, close } = await openTestDatabase(mode));
    });
    afterAll(() => close?.());

    it('store every site once, without gaps', async () => {
      const id = randomBytes(16).toString('base64url');
      await handle.db.insert(searches).values({ id, username: 'blue', status: 'queued', total: SITES.length });
      const bus = createMemorySearchBus();
      const limiter = testLimiter();
      // Both runs claim the search and choose their sites before either stores anything.
      let release: () => void = () => {};
      const start = new Promise<void>((resolve) => {
        release = resolve;
      });
      let waiting = 2;
      const started = () => {
        if (--waiting === 0) release();
      };
      const forward = SITES.map((_, i) => i);
      const shuffled = forward.map((i) => (i * 7) % SITES.length);
      const context = { signal: new AbortController().signal } as JobContext;
      const run = (order: number[]) =>
        runSearch(
          {
            db: handle.db,
            bus,
            limiter,
            engines: fakeEngine(order, start, started),
            log: quietLog,
            flushMs: 3,
            flushSize: 4,
          },
          { searchId: id },
          context,
        );
      await Promise.all([run(forward), run(shuffled)]);

      const rows = (await readStoredResults(handle.db, id)).map(({ seq, siteId }) => ({ seq, siteId }));
      expect(rows.map((r) => r.seq)).toEqual(SITES.map((_, i) => i + 1));
      expect(rows.map((r) => r.siteId).sort()).toEqual(SITES.map((s) => s.id).sort());
      const [row] = await handle.db.select().from(searches).where(eq(searches.id, id));
      expect(row).toMatchObject({ status: 'completed', done: SITES.length, total: SITES.length, found: 5 });
      await bus.close();
    });

    it('claims in one statement: a resumed search keeps its start time, an ended one is left alone', async () => {
      const bus = createMemorySearchBus();
      const context = { signal: new AbortController().signal } as JobContext;
      const startedAt = new Date('2026-01-02T03:04:05.000Z');
      const resumed = randomBytes(16).toString('base64url');
      const ended = randomBytes(16).toString('base64url');
      await handle.db.insert(searches).values([
        { id: resumed, username: 'blue', status: 'running', total: SITES.length, startedAt, attempts: 1 },
        { id: ended, username: 'blue', status: 'cancelled', total: SITES.length, attempts: 1 },
      ]);
      const engines = fakeEngine(
        SITES.map((_, i) => i),
        Promise.resolve(),
        () => {},
      );
      const deps = { db: handle.db, bus, limiter: testLimiter(), engines, log: quietLog, flushMs: 3 };
      await runSearch(deps, { searchId: resumed }, context);
      await runSearch(deps, { searchId: ended }, context);

      const rows = await handle.db.select().from(searches);
      expect(rows.find((r) => r.id === resumed)).toMatchObject({ status: 'completed', startedAt, attempts: 2 });
      expect(rows.find((r) => r.id === ended)).toMatchObject({ status: 'cancelled', startedAt: null, attempts: 1 });
      expect(await readStoredResults(handle.db, ended)).toEqual([]);
      await bus.close();
    });

    it('waits for the catalogues only for a search that can still run', async () => {
      const bus = createMemorySearchBus();
      const context = { signal: new AbortController().signal } as JobContext;
      const active = randomBytes(16).toString('base64url');
      const ended = randomBytes(16).toString('base64url');
      await handle.db.insert(searches).values([
        { id: active, username: 'blue', status: 'queued', total: SITES.length },
        { id: ended, username: 'blue', status: 'completed', total: SITES.length },
      ]);
      const deps = { db: handle.db, bus, limiter: testLimiter(), engines: loadingEngines, log: quietLog };
      // An ended search returns at once (the wait below would time the test out).
      await runSearch({ ...deps, engineWaitMs: 60_000 }, { searchId: ended }, context);
      await runSearch({ ...deps, engineWaitMs: 60_000 }, { searchId: 'no-such-search' }, context);
      await expect(runSearch({ ...deps, engineWaitMs: 50 }, { searchId: active }, context)).rejects.toThrow(
        CATALOGUES_LOADING_MESSAGE,
      );
      const [row] = await handle.db.select().from(searches).where(eq(searches.id, active));
      expect(row).toMatchObject({ status: 'queued', attempts: 0 });
      await bus.close();
    });
  });
}
