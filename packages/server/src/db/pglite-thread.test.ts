import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type PgliteThread } from './pglite-thread.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

describe('PGlite on its own thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await openPgliteThread();
    await db.query('create table notes (id int primary key, body text not null, meta jsonb, at timestamptz)');
  });
  afterAll(() => db.close());

  it('runs statements with parameters and returns rows as objects or arrays', async () => {
    await db.query('insert into notes (id, body, meta, at) values ($1, $2, $3, $4)', [
      1,
      'first',
      JSON.stringify({ tags: ['a', 'b'] }),
      new Date('2026-01-02T03:04:05Z'),
    ]);
    const objects = await db.query<{ id: number; body: string; meta: unknown; at: string }>(
      'select id, body, meta, at from notes where id = $1',
      [1],
    );
    // Timestamps stay PostgreSQL's text: Drizzle converts them itself.
    expect(objects.rows).toEqual([{ id: 1, body: 'first', meta: { tags: ['a', 'b'] }, at: '2026-01-02 03:04:05+00' }]);
    const arrays = await db.query('select id, body from notes where id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'first']]);
  });

  it("passes PostgreSQL's error fields across, and keeps working after an error", async () => {
    await db.query('insert into notes (id, body) values (2, $1)', ['second']);
    const duplicate = await db.query('insert into notes (id, body) values (2, $1)', ['again']).catch((e) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'notes_pkey', table: 'notes' });
    expect(duplicate.message).toMatch(/duplicate key/);
    await expect(db.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    const { rows } = await db.query<{ body: string }>('select body from notes where id = 2');
    expect(rows).toEqual([{ body: 'second' }]);
  });

  it('commits a transaction whose callback resolves and rolls back one that throws', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (10, 'kept')");
      await tx.query("insert into notes (id, body) values (11, 'kept too')");
      return 'done';
    });
    expect(answer).toBe('done');
    const failure = await db
      .transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (12, 'lost')");
        throw new Error('changed my mind');
      })
      .catch((e) => e);
    expect(failure).toMatchObject({ message: 'changed my mind' });
    // A statement that fails inside the transaction rolls back what came before it as well.
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (13, 'lost')");
        await tx.query("insert into notes (id, body) values (10, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ id: number }>('select id from notes where id >= 10 order by id');
    expect(rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it('makes statements from outside a transaction wait until it ends, as one thread would', async () => {
    let outsideSaw: number[] | undefined;
    let outside: Promise<void> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (20, 'inside')");
      outside = db.query<{ id: number }>('select id from notes where id = 20').then((r) => {
        outsideSaw = r.rows.map((row) => row.id);
      });
      // Give the outside statement every chance to overtake: it must not.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideSaw).toBeUndefined();
      await tx.query("update notes set body = 'inside, later' where id = 20");
    });
    await outside;
    expect(outsideSaw).toEqual([20]);
  });

  it.runIf(process.platform === 'linux')('runs on a thread named hound-db', async () => {
    const names = await Promise.all(
      fs
        .readdirSync(`/proc/${process.pid}/task`)
        .map((tid) => fs.promises.readFile(`/proc/${process.pid}/task/${tid}/comm`, 'utf8')),
    );
    expect(names.map((n) => n.trim())).toContain('hound-db');
  });

  it('keeps data in its directory across a close and a new thread', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-pglite-thread-'));
    try {
      const first = await openPgliteThread({ dataDir: dir });
      await first.query('create table kept (n int)');
      await first.query('insert into kept values (7)');
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow('The database is closed.');
      const second = await openPgliteThread({ dataDir: dir });
      expect((await second.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses to open where no database can be made, with the reason', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-pglite-thread-'));
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    try {
      const failure = await openPgliteThread({ dataDir: file }).catch((e) => e);
      expect(failure).toBeInstanceOf(Error);
      expect(failure.message).toBe(`The embedded database could not open in ${file}: ErrnoError (errno 54)`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets a process that forgot to close end, but not while a statement is running', async () => {
    // The thread is unreferenced while idle and referenced while a statement runs.
    const script = `
      const { openPgliteThread } = await import(${JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href)});
      const db = await openPgliteThread();
      const { rows } = await db.query("select 'answered' as said from pg_sleep(0.3)");
      console.log(rows[0].said);
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: SERVER_DIR,
        timeout: 30_000,
      },
    );
    expect(stdout.trim()).toBe('answered');
  });
});
