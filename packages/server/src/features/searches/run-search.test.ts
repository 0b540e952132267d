/**
 * Two runs of the same search writing at once (a worker taking over from one that is still alive): each
 * starts on the one-statement path, sees the other's writes and continues under the lock, so every site is
 * stored once, with sequence numbers 1..n, whatever the interleaving.
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
      const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
      const bus = createMemorySearchBus();
      const limiter = createMemorySearchLimiter({
        activeGlobal: 10,
        activePerIp: 10,
        activePerDevice: 10,
        dailyPerIp: 10,
        dailyPerDevice: 10,
      });
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
          { db: handle.db, bus, limiter, engines: fakeEngine(order, start, started), log, flushMs: 3, flushSize: 4 },
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
  });
}
