/**
 * The body of the database thread (see pglite-thread.ts): one PGlite, its statements run in the order they
 * arrive. A transaction holds PGlite's own lock from `begin` to `end`, so statements from outside it wait,
 * exactly as they would in one thread.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction, types } from '@electric-sql/pglite';
import type { FromDatabase, PgliteThreadStart, ThreadError, ToDatabase } from './pglite-messages.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');
const { dataDir, templateFile } = workerData as PgliteThreadStart;
const send = (message: FromDatabase) => port.postMessage(message);

// Named for `top -H` and the benchmarks (Linux; elsewhere the thread keeps its default name).
try {
  fs.writeFileSync('/proc/thread-self/comm', 'hound-db');
} catch {}

const raw = (value: string) => value;
/**
 * Drizzle reads dates and intervals as PostgreSQL's text and converts them itself. It asks for that with a
 * `parsers` option on every query (functions, which cannot cross threads anyway); the client gets them once.
 * Array types of these come back as arrays of text, which Drizzle's array columns read as well.
 */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: raw,
  [types.TIMESTAMPTZ]: raw,
  [types.INTERVAL]: raw,
  [types.DATE]: raw,
};

/**
 * The message and PostgreSQL's fields of an error; the stack stays here (it names this thread's frames).
 * PGlite's file system throws plain objects ({ name: 'ErrnoError', errno }), which get a message here.
 */
function toThreadError(error: unknown): ThreadError {
  if (typeof error !== 'object' || error === null) return { message: String(error), name: 'Error', fields: {} };
  const fields: ThreadError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  const name = error instanceof Error ? error.name : String(fields.name ?? 'Error');
  const message =
    error instanceof Error ? error.message : `${name}${fields.errno !== undefined ? ` (errno ${fields.errno})` : ''}`;
  return { message, name, fields };
}

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  /** Settles once PGlite has committed or rolled back. */
  ended: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();

function begin(pg: PGlite, id: number): Promise<void> {
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => {
    finish = resolve;
  });
  return new Promise((resolve, reject) => {
    const ended = pg.transaction(async (tx) => {
      transactions.set(id, { tx, finish, ended });
      resolve();
      if (!(await decided)) await tx.rollback();
    });
    // BEGIN itself failed: the callback never ran.
    ended.catch(reject);
  });
}

async function end(txId: number, commit: boolean): Promise<void> {
  const open = transactions.get(txId);
  if (!open) throw new Error(`No open transaction ${txId}.`);
  transactions.delete(txId);
  open.finish(commit);
  await open.ended;
}

async function handle(pg: PGlite, message: ToDatabase): Promise<unknown> {
  switch (message.type) {
    case 'query': {
      const client = message.txId === undefined ? pg : transactions.get(message.txId)?.tx;
      if (!client) throw new Error(`No open transaction ${message.txId}.`);
      return client.query(message.sql, message.params, message.rowMode ? { rowMode: message.rowMode } : undefined);
    }
    case 'begin':
      await begin(pg, message.id);
      return message.id;
    case 'end':
      return end(message.txId, message.commit);
    case 'close':
      await pg.close();
      return undefined;
  }
}

try {
  const template = !dataDir && templateFile ? { loadDataDir: new Blob([fs.readFileSync(templateFile)]) } : {};
  const pg = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...template, parsers: DRIZZLE_PARSERS });
  port.on('message', (message: ToDatabase) => {
    handle(pg, message).then(
      (result) => send({ id: message.id, type: 'ok', result }),
      (error) => send({ id: message.id, type: 'error', error: toThreadError(error) }),
    );
  });
  send({ type: 'ready' });
} catch (error) {
  const failure = toThreadError(error);
  const where = dataDir ?? 'memory';
  send({
    type: 'failed',
    error: { ...failure, message: `The embedded database could not open in ${where}: ${failure.message}` },
  });
}
