/**
 * A finished search's status is a cached buffer, answered without a database read while its row was read
 * within the revalidation window; gzip is made once; a deleted search is a 404 once the window passes, and
 * at once after `forgetTree`; a running search is never cached (decision 145).
 */
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES, openTestDatabase } from '../../../test/support/stacks.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { searches } from '../../db/schema/index.ts';
import { createFinishedSearchCache } from './finished-search-cache.ts';
import { storeResults } from './store-results.ts';

describe('finished-search cache', () => {
  let handle: DatabaseHandle;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ handle, close } = await openTestDatabase(MODES[0]!));
  });
  afterAll(() => close?.());

  let clock = 1_000_000;
  const cache = createFinishedSearchCache({ now: () => clock, revalidateMs: 1000 });

  const newSearch = async (status: 'running' | 'completed', rootId?: string) => {
    const id = randomBytes(16).toString('base64url');
    await handle.db.insert(searches).values({ id, username: 'blue', status: 'running', total: 3, rootId });
    const results = ['a', 'b', 'c'].map((site) => ({
      siteId: site,
      platform: `Site ${site}`,
      json: JSON.stringify({ site_id: site, found: site === 'a', status: site === 'a' ? 'Found' : 'Not Found' }),
      found: site === 'a',
    }));
    await storeResults(handle.db, id, results, 0);
    if (status === 'completed')
      await handle.db.update(searches).set({ status, finishedAt: new Date() }).where(eq(searches.id, id));
    return id;
  };
  const json = (body: Buffer) => JSON.parse(body.toString());

  it('answers a finished search from memory within the window, then reads its row once again', async () => {
    const id = await newSearch('completed');
    const first = await cache.status(handle.db, id);
    expect(first.encoding).toBe('identity');
    expect(Object.keys(json(first.body).result.results)).toEqual(['Site a', 'Site b', 'Site c']);
    const { rowReads, builds } = cache.stats();
    const again = await Promise.all(Array.from({ length: 20 }, () => cache.status(handle.db, id)));
    for (const answer of again) expect(answer.body).toBe(first.body);
    expect(cache.stats()).toMatchObject({ rowReads, builds });

    clock += 1000;
    await Promise.all(Array.from({ length: 5 }, () => cache.status(handle.db, id)));
    expect(cache.stats()).toMatchObject({ rowReads: rowReads + 1, builds });
  });

  it('compresses once for clients that accept gzip; the bytes are the same answer', async () => {
    const id = await newSearch('completed');
    const plain = await cache.status(handle.db, id);
    const before = cache.stats().builds;
    const zipped = await Promise.all(Array.from({ length: 5 }, () => cache.status(handle.db, id, true)));
    expect(cache.stats().builds - before).toBe(1);
    for (const answer of zipped) {
      expect(answer.encoding).toBe('gzip');
      expect(gunzipSync(answer.body).equals(plain.body)).toBe(true);
    }
  });

  it('a deleted search is a 404 once the window has passed, and at once when its tree is forgotten', async () => {
    const root = await newSearch('completed');
    const child = await newSearch('completed', root);
    await cache.status(handle.db, root);
    await cache.status(handle.db, child);
    await handle.db.delete(searches).where(eq(searches.id, child));
    // Within the window the answer is still the cached one…
    expect((await cache.status(handle.db, child)).body.length).toBeGreaterThan(0);
    clock += 1000;
    await expect(cache.status(handle.db, child)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await handle.db.delete(searches).where(eq(searches.id, root));
    cache.forgetTree(root);
    await expect(cache.status(handle.db, root)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(cache.status(handle.db, 'not-an-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a running search is read and built each time, with progress only', async () => {
    const id = await newSearch('running');
    const { rowReads } = cache.stats();
    const answer = json((await cache.status(handle.db, id, true)).body);
    expect(answer).toMatchObject({ status: 'running', progress: { done: 3, total: 3 } });
    expect(answer.result).toBeUndefined();
    await cache.status(handle.db, id);
    expect(cache.stats().rowReads).toBe(rowReads + 2);
    expect(cache.stats().entries).toBeLessThanOrEqual(3);
  });
});
