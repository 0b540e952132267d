import { setTimeout as sleep } from 'node:timers/promises';
import {
  JOB_ATTEMPTS,
  type JobHandler,
  type JobQueue,
  retryDelay,
  type SearchJob,
  ShutdownError,
  type WorkOptions,
} from './job-queue.ts';

interface Entry {
  job: SearchJob;
  attempt: number;
}

/** Jobs run in this process, first in first out. Nothing survives a restart: the database does (recover-searches.ts). */
export function createInProcessQueue(options: { retryDelayMs?: number } = {}): JobQueue {
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const waiting: Entry[] = [];
  /** Watch runs: started only when `waiting` is empty. */
  const background: Entry[] = [];
  /** Ids waiting, running or waiting to retry: enqueue is idempotent over these. */
  const known = new Set<string>();
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let worker: { handler: JobHandler; options: WorkOptions } | undefined;
  let closed = false;

  function pump() {
    if (!worker || closed) return;
    while (running.size < worker.options.concurrency && waiting.length + background.length > 0) {
      start((waiting.length > 0 ? waiting.shift() : background.shift())!, worker);
    }
  }

  function start(entry: Entry, w: { handler: JobHandler; options: WorkOptions }) {
    const controller = new AbortController();
    const { searchId } = entry.job;
    const done = (async () => {
      try {
        await w.handler(entry.job, { signal: controller.signal, attempt: entry.attempt });
        known.delete(searchId);
      } catch (error) {
        if (controller.signal.reason instanceof ShutdownError) return;
        if (entry.attempt < JOB_ATTEMPTS && !closed) {
          void sleep(retryDelay(retryDelayMs, entry.attempt), undefined, { ref: false }).then(() => {
            if (closed) return;
            (entry.job.background ? background : waiting).push({ job: entry.job, attempt: entry.attempt + 1 });
            pump();
          });
          return;
        }
        known.delete(searchId);
        await w.options.onFailed(entry.job, error).catch(() => {});
      } finally {
        running.delete(searchId);
        pump();
      }
    })();
    running.set(searchId, { controller, done });
  }

  return {
    kind: 'in-process',
    async enqueue(job) {
      if (closed) throw new Error('The job queue is closed.');
      if (known.has(job.searchId)) return;
      known.add(job.searchId);
      (job.background ? background : waiting).push({ job, attempt: 1 });
      pump();
    },
    work(handler, options) {
      if (worker) throw new Error('This queue already has a worker.');
      worker = { handler, options };
      pump();
    },
    async isPending(searchId) {
      return known.has(searchId);
    },
    async depth() {
      return waiting.length + background.length;
    },
    async ping() {
      if (closed) throw new Error('The job queue is closed.');
    },
    async close({ graceMs = 0 } = {}) {
      closed = true;
      waiting.length = 0;
      background.length = 0;
      const all = Promise.all([...running.values()].map((r) => r.done));
      const timedOut = await Promise.race([all.then(() => false), sleep(graceMs, true, { ref: false })]);
      if (timedOut) {
        for (const r of running.values()) r.controller.abort(new ShutdownError());
        await all;
      }
    },
  };
}
