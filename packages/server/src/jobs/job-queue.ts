/**
 * The search job queue. Two implementations share this contract and one test suite
 * (job-queue.contract.ts): in-process (default) and BullMQ on Redis (REDIS_URL).
 *
 * Guarantees both give:
 * - a job id is enqueued at most once while it is waiting or running (enqueue is idempotent);
 * - a `background` job starts only when no other job is waiting;
 * - at most `concurrency` handlers run at once in one process;
 * - a handler that throws is retried (up to `JOB_ATTEMPTS` runs, each wait twice the one before:
 *   `retryDelay`), then `onFailed` is called once;
 * - `isPending` says whether a job will still run (waiting, running or waiting to retry): a search whose job
 *   is not pending and that is still active in the database was left behind (its final write failed).
 * - `close()` stops taking jobs, waits up to `graceMs` for running handlers, then aborts their signal
 *   with a `ShutdownError`: such a job is not counted as failed and runs again later (BullMQ: on another
 *   worker; in-process: at the next start, from the database).
 */
export interface SearchJob {
  searchId: string;
  /** A watch's run (issue 39): taken only when no person's search is waiting. */
  background?: boolean;
}

export interface JobContext {
  signal: AbortSignal;
  /** 1 for the first run. */
  attempt: number;
}

export type JobHandler = (job: SearchJob, context: JobContext) => Promise<void>;

export interface WorkOptions {
  concurrency: number;
  /** Called once when a job has failed its last attempt. */
  onFailed(job: SearchJob, error: unknown): Promise<void>;
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  enqueue(job: SearchJob): Promise<void>;
  /** Starts running jobs in this process. */
  work(handler: JobHandler, options: WorkOptions): void;
  /** True while the job is waiting, running or waiting to retry; false once it completed or failed for good. */
  isPending(searchId: string): Promise<boolean>;
  /** Jobs waiting to run (for /metrics). */
  depth(): Promise<number>;
  /** Throws when the queue cannot take jobs (for /readyz). */
  ping(): Promise<void>;
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * Runs of a job before it fails. With the default 1 s base the waits between them are 1, 2, 4, 8, 16 and
 * 32 s: a search outlasts a database or Redis restart of about a minute, and resumes from its stored results.
 */
export const JOB_ATTEMPTS = 7;

/** The wait before the run after `attempt` failed: `baseMs` doubled per failed run (BullMQ's `exponential`). */
export function retryDelay(baseMs: number, attempt: number): number {
  return baseMs * 2 ** (attempt - 1);
}

/** The abort reason given to running handlers when the process shuts down. */
export class ShutdownError extends Error {
  constructor() {
    super('The worker is shutting down; the search continues elsewhere or after restart.');
    this.name = 'ShutdownError';
  }
}

export function isShutdown(signal: AbortSignal): boolean {
  return signal.aborted && signal.reason instanceof ShutdownError;
}
