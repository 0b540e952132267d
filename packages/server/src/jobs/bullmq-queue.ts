import { type Job, Queue, WaitingError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { closeRedis, createFailFastRedis, REDIS_TIMEOUT_MS } from '../lib/redis-connection.ts';
import { withDeadline } from '../lib/with-deadline.ts';
import { JOB_ATTEMPTS, type JobQueue, type SearchJob, ShutdownError } from './job-queue.ts';

export interface BullmqQueueOptions {
  url: string;
  /** Key prefix, so several Hound installations (or test files) can share one Redis. */
  prefix: string;
  /** How long a worker's claim on a job lasts without renewal; a dead worker's job is taken over after this. */
  lockMs?: number;
  retryDelayMs?: number;
  /** Bounds adding a job, the readiness ping and each close while Redis does not answer. */
  timeoutMs?: number;
}

const QUEUE_NAME = 'searches';
const BACKGROUND_PRIORITY = 10;

/**
 * BullMQ on Redis. Jobs are keyed by search id (adding the same id twice is a no-op). A worker that dies
 * stops renewing its lock; another worker's stalled-job check puts the job back and it runs again,
 * resuming from the results already stored.
 */
export function createBullmqQueue(options: BullmqQueueOptions): JobQueue {
  const lockMs = options.lockMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  const prefix = `${options.prefix}:bull`;
  // Adding jobs fails fast (503) while Redis is away; the worker's connection waits for Redis to return.
  const queueConnection = createFailFastRedis(options.url, timeoutMs);
  let workerConnection: Redis | undefined;
  const queue = new Queue<SearchJob>(QUEUE_NAME, { connection: queueConnection.redis, prefix });
  queue.on('error', () => {});
  let worker: Worker<SearchJob> | undefined;
  const running = new Map<string, AbortController>();

  return {
    kind: 'bullmq',
    async enqueue(job) {
      await queueConnection.call(() =>
        withDeadline(
          queue.add('run-search', job, {
            jobId: job.searchId,
            // Jobs without a priority go first in BullMQ; a watch's run waits behind every person's search.
            ...(job.background ? { priority: BACKGROUND_PRIORITY } : {}),
            attempts: JOB_ATTEMPTS,
            backoff: { type: 'exponential', delay: options.retryDelayMs ?? 1000 },
            removeOnComplete: true,
            removeOnFail: { age: 24 * 3600 },
          }),
          timeoutMs,
        ),
      );
    },
    work(handler, workOptions) {
      if (worker) throw new Error('This queue already has a worker.');
      workerConnection = new Redis(options.url, { maxRetriesPerRequest: null, connectTimeout: timeoutMs });
      workerConnection.on('error', () => {});
      worker = new Worker<SearchJob>(
        QUEUE_NAME,
        async (job: Job<SearchJob>, token?: string) => {
          const controller = new AbortController();
          running.set(job.id!, controller);
          try {
            await handler(job.data, { signal: controller.signal, attempt: job.attemptsMade + 1 });
          } catch (error) {
            if (controller.signal.reason instanceof ShutdownError) {
              // Hand the job back without spending an attempt; another worker picks it up now.
              await job.moveToWait(token);
              throw new WaitingError();
            }
            throw error;
          } finally {
            running.delete(job.id!);
          }
        },
        {
          connection: workerConnection,
          prefix,
          concurrency: workOptions.concurrency,
          lockDuration: lockMs,
          stalledInterval: Math.max(500, Math.floor(lockMs / 2)),
          maxStalledCount: JOB_ATTEMPTS,
        },
      );
      worker.on('error', () => {});
      worker.on('failed', (job, error) => {
        if (!job) return;
        const final = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled more than/i.test(error.message);
        if (final) void workOptions.onFailed(job.data, error).catch(() => {});
      });
    },
    async isPending(searchId) {
      const state = await queueConnection.call(() => withDeadline(queue.getJobState(searchId), timeoutMs));
      return !['completed', 'failed', 'unknown'].includes(state);
    },
    async depth() {
      return queueConnection.call(() =>
        withDeadline(queue.getJobCountByTypes('waiting', 'delayed', 'prioritized'), timeoutMs),
      );
    },
    async ping() {
      await queueConnection.call((redis) => redis.ping());
    },
    async close({ graceMs = 0 } = {}) {
      if (worker) {
        const closing = worker.close();
        const timer = setTimeout(() => {
          for (const controller of running.values()) controller.abort(new ShutdownError());
        }, graceMs);
        // Handing a job back needs Redis: without an answer, stop waiting (the job's lock runs out and
        // another worker takes it over) and drop the worker's connections.
        const closed = await withDeadline(closing, graceMs + 2 * timeoutMs).then(
          () => true,
          () => false,
        );
        clearTimeout(timer);
        if (!closed) await withDeadline(worker.disconnect(), timeoutMs).catch(() => {});
      }
      await withDeadline(queue.close(), timeoutMs).catch(() => {});
      await Promise.all([queueConnection.close(), workerConnection && closeRedis(workerConnection, timeoutMs)]);
    },
  };
}
