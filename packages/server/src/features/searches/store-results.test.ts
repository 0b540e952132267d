/**
 * Storing result batches: the one-statement path while the writer knows `done`, the locked path when
 * another writer got in between, and nothing at all once the search has ended. Every case ends with each
 * site stored once and sequence numbers 1..n without a gap.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, openTestDatabase } from '../../../test/support/stacks.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { searches, searchResultBatches } from '../../db/schema/index.ts';
import type { StoredResult } from '../../events/search-bus.ts';
import { readStoredResults } from './result-batches.ts';
import { type ResultToStore, storeBatches, storeResults } from './store-results.ts';

const result = (siteId: string, found = false): ResultToStore => ({
  siteId,
  platform: `Site ${siteId}`,
  json: JSON.stringify({ site_id: siteId, found, status: found ? 'Found' : 'Not Found', note: 'a "quoted" ü' }),
  found,
});

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`storeResults on ${mode.name}`, () => {
    let handle: DatabaseHandle;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ handle, close } = await openTestDatabase(mode));
    });
    afterAll(() => close?.());

    const newSearch = async (status: 'queued' | 'running' | 'cancelled' = 'running') => {
      const id = randomBytes(16).toString('base64url');
      await handle.db.insert(searches).values({ id, username: 'blue', status, total: 10 });
      return id;
    };
    const stored = async (id: string) =>
      (await readStoredResults(handle.db, id)).map(({ seq, siteId, platform }) => ({ seq, siteId, platform }));
    const batches = (id: string) =>
      handle.db
        .select({ firstSeq: searchResultBatches.firstSeq, count: searchResultBatches.count })
        .from(searchResultBatches)
        .where(eq(searchResultBatches.searchId, id))
        .orderBy(searchResultBatches.firstSeq);
    const counters = async (id: string) =>
      (
        await handle.db.select({ done: searches.done, found: searches.found }).from(searches).where(eq(searches.id, id))
      )[0];

    it('stores a batch as one row in one statement while the writer knows done, results as given', async () => {
      const id = await newSearch();
      const first = await storeResults(handle.db, id, [result('a', true), result('b')], 0);
      expect(first).toMatchObject({ fast: true, done: 2, progress: { done: 2, total: 10 } });
      expect(first!.stored.map((s) => [s.seq, s.platform])).toEqual([
        [1, 'Site a'],
        [2, 'Site b'],
      ]);
      const second = await storeResults(handle.db, id, [result('c', true)], first!.done);
      expect(second).toMatchObject({ fast: true, done: 3 });
      expect(second!.stored[0]).toEqual({ seq: 3, platform: 'Site c', json: result('c', true).json });
      expect((await stored(id)).map((r) => r.siteId)).toEqual(['a', 'b', 'c']);
      expect(await counters(id)).toEqual({ done: 3, found: 2 });
      expect(await batches(id)).toEqual([
        { firstSeq: 1, count: 2 },
        { firstSeq: 3, count: 1 },
      ]);
      const [storedA] = await readStoredResults(handle.db, id);
      expect(JSON.stringify(storedA!.result)).toBe(result('a', true).json);
      expect((await readStoredResults(handle.db, id, 2)).map((r) => r.siteId)).toEqual(['c']);
    });

    it('takes the locked path when another writer stored results in between: no duplicate, no gap', async () => {
      const id = await newSearch();
      const mine = await storeResults(handle.db, id, [result('a'), result('b')], 0);
      // Another worker (the one this writer took over from, still running) stores two sites, one of
      // which this writer also checked.
      await storeResults(handle.db, id, [result('c', true), result('d')]);
      const next = await storeResults(handle.db, id, [result('d'), result('e', true)], mine!.done);
      expect(next).toMatchObject({ fast: false, done: 5, progress: { done: 5, total: 10 } });
      expect(next!.stored.map((s) => [s.seq, s.platform])).toEqual([[5, 'Site e']]);
      expect((await stored(id)).map((r) => [r.seq, r.siteId])).toEqual([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
        [4, 'd'],
        [5, 'e'],
      ]);
      expect(await counters(id)).toEqual({ done: 5, found: 2 });
    });

    it('continues a resumed search after what is stored', async () => {
      const id = await newSearch();
      await storeResults(handle.db, id, [result('a'), result('b'), result('c')]);
      const next = await storeResults(handle.db, id, [result('d')], 3);
      expect(next).toMatchObject({ fast: true, done: 4 });
      expect((await stored(id)).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    });

    it('writes nothing once the search has ended, on either path', async () => {
      const id = await newSearch();
      await storeResults(handle.db, id, [result('a')], 0);
      await handle.db.update(searches).set({ status: 'cancelled' }).where(eq(searches.id, id));
      expect(await storeResults(handle.db, id, [result('b', true)], 1)).toBeUndefined();
      expect(await storeResults(handle.db, id, [result('c', true)])).toBeUndefined();
      expect((await stored(id)).map((r) => r.siteId)).toEqual(['a']);
      expect(await counters(id)).toEqual({ done: 1, found: 0 });
      const never = await newSearch('cancelled');
      expect(await storeResults(handle.db, never, [result('a')], 0)).toBeUndefined();
      expect(await stored(never)).toEqual([]);
    });

    it('stores the batches of several searches in one statement; a stale or ended one takes the general path', async () => {
      const [a, b, stale, ended] = [await newSearch(), await newSearch(), await newSearch(), await newSearch()];
      await storeResults(handle.db, b, [result('b1')], 0);
      await storeResults(handle.db, stale, [result('s1'), result('s2')], 0);
      await handle.db.update(searches).set({ status: 'cancelled' }).where(eq(searches.id, ended));
      const outcomes = await storeBatches(handle.db, [
        { searchId: a, items: [result('a1', true), result('a2')], expectedDone: 0 },
        { searchId: b, items: [result('b2', true)], expectedDone: 1 },
        // Its writer thinks nothing is stored; s2 is, s3 is new.
        { searchId: stale, items: [result('s2'), result('s3', true)], expectedDone: 0 },
        { searchId: ended, items: [result('e1')], expectedDone: 0 },
      ]);
      const values = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason));
      expect(
        values.map((o) => o && { fast: o.fast, done: o.done, seqs: o.stored.map((r: StoredResult) => r.seq) }),
      ).toEqual([
        { fast: true, done: 2, seqs: [1, 2] },
        { fast: true, done: 2, seqs: [2] },
        { fast: false, done: 3, seqs: [3] },
        undefined,
      ]);
      expect((await stored(a)).map((r) => [r.seq, r.siteId])).toEqual([
        [1, 'a1'],
        [2, 'a2'],
      ]);
      expect((await stored(b)).map((r) => [r.seq, r.siteId])).toEqual([
        [1, 'b1'],
        [2, 'b2'],
      ]);
      expect((await stored(stale)).map((r) => [r.seq, r.siteId])).toEqual([
        [1, 's1'],
        [2, 's2'],
        [3, 's3'],
      ]);
      expect(await stored(ended)).toEqual([]);
      expect([await counters(a), await counters(b), await counters(stale)]).toEqual([
        { done: 2, found: 1 },
        { done: 2, found: 1 },
        { done: 3, found: 1 },
      ]);
    });

    it('refuses two batches of one search in one call, writing nothing', async () => {
      const id = await newSearch();
      await expect(
        storeBatches(handle.db, [
          { searchId: id, items: [result('a')], expectedDone: 0 },
          { searchId: id, items: [result('b')], expectedDone: 1 },
        ]),
      ).rejects.toThrow('at most one batch per search');
      expect(await stored(id)).toEqual([]);
    });

    it('two writers expecting the same done at once: one statement wins, the other takes the lock', async () => {
      const id = await newSearch('queued');
      const [one, two] = await Promise.all([
        storeResults(handle.db, id, [result('a'), result('b'), result('x')], 0),
        storeResults(handle.db, id, [result('x'), result('c')], 0),
      ]);
      expect([one!.fast, two!.fast].sort()).toEqual([false, true]);
      const rows = await stored(id);
      expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
      expect(rows.map((r) => r.siteId).sort()).toEqual(['a', 'b', 'c', 'x']);
      expect(await counters(id)).toEqual({ done: 4, found: 0 });
    });
  });
}
