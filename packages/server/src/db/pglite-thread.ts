/**
 * PGlite on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every statement runs
 * synchronously on the thread that owns it. On the API thread, the statements of a burst of requests ran
 * back to back and every request that arrived meanwhile waited for all of them; here the API thread only
 * sends statements and receives rows (docs/decisions/088-pglite-on-a-thread.md).
 *
 * The client offers what Drizzle's PGlite driver uses: `query` and `transaction`.
 */
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { FromDatabase, PgliteThreadStart, ThreadError, ToDatabase } from './pglite-messages.ts';

// Compiled (`npm run build`), this file is `.js` and so is its thread's entry beside it.
const COMPILED = import.meta.url.endsWith('.js');
const THREAD_ENTRY = new URL(COMPILED ? './pglite-worker.js' : './pglite-worker.ts', import.meta.url);

/** From TypeScript source (tests, `npm run sim`), a thread registers tsx before loading its entry. */
function startWorker(data: PgliteThreadStart): Worker {
  if (COMPILED) return new Worker(THREAD_ENTRY, { workerData: data });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_ENTRY.href)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

type QueryOptions = { rowMode?: 'array' | 'object' };
type Query = <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

export interface PgliteThreadTransaction {
  query: Query;
}

export interface PgliteThread {
  query: Query;
  /** Runs `callback` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An error from the thread with PostgreSQL's fields (`code`, `constraint`, …) as the caller reads them. */
function fromThreadError(error: ThreadError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields);
  rebuilt.name = error.name;
  return rebuilt;
}

// Distributes Omit over the union, so each message keeps its own fields.
type Request = ToDatabase extends infer M ? (M extends ToDatabase ? Omit<M, 'id'> : never) : never;

export async function openPgliteThread(options: PgliteThreadStart = {}): Promise<PgliteThread> {
  const worker = startWorker(options);
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const onStartError = (error: Error) => reject(error);
    const onStartExit = (code: number) =>
      reject(new Error(`The database thread exited with code ${code} while starting.`));
    worker.once('error', onStartError);
    worker.once('exit', onStartExit);
    worker.once('message', (message: FromDatabase) => {
      worker.off('error', onStartError);
      worker.off('exit', onStartExit);
      if (message.type === 'ready') resolve();
      else if (message.type === 'failed') reject(fromThreadError(message.error));
      else reject(new Error(`The database thread sent '${message.type}' before it was ready.`));
    });
  }).catch(async (error) => {
    await worker.terminate();
    throw error;
  });

  worker.on('message', (message: FromDatabase) => {
    if (!('id' in message)) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    // Idle, the thread must not keep the process alive; busy, it must (a script awaiting a query).
    if (pending.size === 0) worker.unref();
    if (message.type === 'ok') waiter?.resolve(message.result);
    else waiter?.reject(fromThreadError(message.error));
  });
  worker.on('error', (error) => stop(new Error(`The database thread failed: ${error.message}`)));
  worker.on('exit', (code) => stop(new Error(`The database thread exited (code ${code}).`)));
  worker.unref();

  const request = <T>(message: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      if (pending.size === 1) worker.ref();
      worker.postMessage({ ...message, id } as ToDatabase);
    });
  };

  const queryOn =
    (txId?: number): Query =>
    (sql, params, queryOptions) =>
      request({
        type: 'query',
        sql,
        ...(params ? { params } : {}),
        ...(queryOptions?.rowMode ? { rowMode: queryOptions.rowMode } : {}),
        ...(txId !== undefined ? { txId } : {}),
      });

  return {
    query: queryOn(),
    async transaction(callback) {
      const txId = await request<number>({ type: 'begin' });
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback({ query: queryOn(txId) });
      } catch (error) {
        await request({ type: 'end', txId, commit: false }).catch(() => {});
        throw error;
      }
      await request({ type: 'end', txId, commit: true });
      return result;
    },
    async close() {
      if (!stopped) await request({ type: 'close' });
      stop(new Error('The database is closed.'));
      await worker.terminate();
    },
  };
}
