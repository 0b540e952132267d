import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { favicons, searches, searchResultBatches } from '../../db/schema/index.ts';
import { createMemorySearchBus } from '../../events/memory-search-bus.ts';
import { createMemorySearchLimiter } from '../../limits/memory-search-limiter.ts';
import { INTERRUPTED_MESSAGE, purgeExpiredSearches } from './purge-expired-searches.ts';

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('purgeExpiredSearches', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
  });
  afterAll(async () => handle?.close());

  it('deletes searches and their results after the retention period, ends stalled ones, drops expired icons', async () => {
    const db = handle.db;
    const row = (id: string, createdAt: Date, status: 'completed' | 'running', updatedAt = createdAt) => ({
      id: id.padEnd(22, 'x'),
      username: 'blue',
      status,
      createdAt,
      updatedAt,
    });
    await db
      .insert(searches)
      .values([
        row('old', ago(31 * DAY), 'completed'),
        row('recent', ago(29 * DAY), 'completed'),
        row('stalled', ago(3 * 3600 * 1000), 'running', ago(2 * 3600 * 1000)),
        row('busy', ago(60 * 1000), 'running'),
      ]);
    await db.insert(searchResultBatches).values([
      { searchId: 'old'.padEnd(22, 'x'), firstSeq: 1, count: 1, items: '[]' },
      { searchId: 'recent'.padEnd(22, 'x'), firstSeq: 1, count: 1, items: '[]' },
    ]);
    await db.insert(favicons).values([
      { host: 'gone.example', fetchedAt: ago(10 * DAY), expiresAt: ago(DAY) },
      { host: 'kept.example', fetchedAt: ago(DAY), expiresAt: new Date(now.getTime() + DAY) },
    ]);
    const bus = createMemorySearchBus();
    const done: string[] = [];
    await bus.subscribe('stalled'.padEnd(22, 'x'), (m) => void done.push(m.type));

    const outcome = await purgeExpiredSearches(
      {
        db,
        bus,
        limiter: createMemorySearchLimiter({
          activeGlobal: 1,
          activePerIp: 1,
          activePerDevice: 1,
          dailyPerIp: 1,
          dailyPerDevice: 1,
        }),
      },
      { retentionDays: 30, now },
    );
    expect(outcome).toEqual({ purged: 1, interrupted: 1 });
    const left = await db.select({ id: searches.id, status: searches.status, error: searches.error }).from(searches);
    expect(left.map((r) => r.id.replace(/x+$/, '')).sort()).toEqual(['busy', 'recent', 'stalled']);
    expect(left.find((r) => r.id.startsWith('stalled'))).toMatchObject({ status: 'error', error: INTERRUPTED_MESSAGE });
    expect(left.find((r) => r.id.startsWith('busy'))?.status).toBe('running');
    expect(
      await db
        .select()
        .from(searchResultBatches)
        .where(eq(searchResultBatches.searchId, 'old'.padEnd(22, 'x'))),
    ).toEqual([]);
    expect(await db.select().from(searchResultBatches)).toHaveLength(1);
    expect((await db.select({ host: favicons.host }).from(favicons)).map((f) => f.host)).toEqual(['kept.example']);
    expect(done).toEqual(['done']);
  });
});
