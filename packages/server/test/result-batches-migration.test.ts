/**
 * Migration 0008 (decision 089): results stored one per row before it become batches of one, in their
 * order, readable by everything that reads results now (status, streams, resumed searches).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { getSearchStatus } from '../src/features/searches/get-search-status.ts';
import { readStoredResults, readStoredSiteIds } from '../src/features/searches/result-batches.ts';
import { storeResults } from '../src/features/searches/store-results.ts';
import { createTestDatabase, MODES } from './support/stacks.ts';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The migrations up to and including `lastIdx`, in a folder of their own. */
function migrationsUpTo(lastIdx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const ID = 'migrated'.padEnd(22, 'x');

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`migration 0008 on ${mode.name}`, () => {
    it('turns each stored result into a batch of one, same sequence numbers, same JSON', async () => {
      const database = mode.scale ? await createTestDatabase() : undefined;
      const handle = await openDatabase(database ? { kind: 'postgres', url: database.url } : { kind: 'pglite' });
      const before = migrationsUpTo(7);
      try {
        // biome-ignore lint/suspicious/noExplicitAny: both migrators take the database they were made for
        const db = handle.db as any;
        await (handle.kind === 'postgres' ? migratePostgres : migratePglite)(db, { migrationsFolder: before });
        await handle.db.execute(sql`
          insert into searches (id, username, status, total, done, found)
          values (${ID}, 'blue', 'running', 5, 2, 1)`);
        const a = { status: 'Claimed', url_user: 'https://a.example/blue', note: 'a "quoted" ü' };
        const b = { status: 'Available', url_user: 'https://b.example/blue' };
        await handle.db.execute(sql`
          insert into search_results (search_id, seq, site_id, platform, result)
          values (${ID}, 1, 'a', 'A', ${JSON.stringify(a)}), (${ID}, 2, 'b', 'B', ${JSON.stringify(b)})`);

        await handle.migrate();

        const stored = await readStoredResults(handle.db, ID);
        expect(stored).toEqual([
          { seq: 1, siteId: 'a', platform: 'A', result: a },
          { seq: 2, siteId: 'b', platform: 'B', result: b },
        ]);
        expect(JSON.stringify(stored[0]!.result)).toBe(JSON.stringify(a));
        expect([...(await readStoredSiteIds(handle.db, ID))].sort()).toEqual(['a', 'b']);
        // The search goes on after them: the next batch gets 3.
        const next = await storeResults(
          handle.db,
          ID,
          [{ siteId: 'c', platform: 'C', json: '{"status":"Claimed"}', found: true }],
          2,
        );
        expect(next).toMatchObject({ fast: true, done: 3 });
        await handle.db.execute(sql`update searches set status = 'completed' where id = ${ID}`);
        expect((await getSearchStatus(handle.db, ID)).result?.results).toEqual({
          A: a,
          B: b,
          C: { status: 'Claimed' },
        });
        expect(
          (await handle.db.execute(sql`select to_regclass('search_results') as t`)) as unknown as { rows: unknown[] },
        ).toMatchObject({ rows: [{ t: null }] });
      } finally {
        await handle.close();
        await database?.drop();
        fs.rmSync(before, { recursive: true, force: true });
      }
    }, 30_000);
  });
}
