/** The one behaviour suite every JobQueue implementation must pass (run by job-queue.test.ts). */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { JOB_ATTEMPTS, type JobQueue, type SearchJob, ShutdownError } from './job-queue.ts';

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

const noFailure = async () => {};

export function jobQueueContract(make: () => Promise<JobQueue>): void {
  let queue: JobQueue | undefined;
  const open = async () => {
    queue = await make();
    return queue;
  };
  afterEach(async () => {
    await queue?.close({ graceMs: 0 });
    queue = undefined;
  });

  it('runs an enqueued job once, with its data and attempt 1', async () => {
    const q = await open();
    const seen: Array<[SearchJob, number]> = [];
    q.work(async (job, ctx) => void seen.push([job, ctx.attempt]), { concurrency: 2, onFailed: noFailure });
    await q.enqueue({ searchId: 'a1' });
    await until(() => seen.length === 1);
    await sleep(100);
    expect(seen).toEqual([[{ searchId: 'a1' }, 1]]);
  });

  it('keeps jobs enqueued before any worker starts', async () => {
    const q = await open();
    await q.enqueue({ searchId: 'b1' });
    await q.enqueue({ searchId: 'b2' });
    const seen: string[] = [];
    q.work(async (job) => void seen.push(job.searchId), { concurrency: 1, onFailed: noFailure });
    await until(() => seen.length === 2);
    expect(seen.sort()).toEqual(['b1', 'b2']);
  });

  it('starts a background job only after every waiting job (watch runs wait behind people)', async () => {
    const q = await open();
    await q.enqueue({ searchId: 'p-bg1', background: true });
    await q.enqueue({ searchId: 'p-bg2', background: true });
    await q.enqueue({ searchId: 'p-a' });
    await q.enqueue({ searchId: 'p-b' });
    const seen: string[] = [];
    q.work(async (job) => void seen.push(job.searchId), { concurrency: 1, onFailed: noFailure });
    await until(() => seen.length === 4);
    expect(seen).toEqual(['p-a', 'p-b', 'p-bg1', 'p-bg2']);
  });

  it('ignores a second enqueue of a job id that is waiting or running', async () => {
    const q = await open();
    await q.enqueue({ searchId: 'c1' });
    await q.enqueue({ searchId: 'c1' });
    let runs = 0;
    q.work(
      async () => {
        runs++;
        await sleep(50);
      },
      { concurrency: 2, onFailed: noFailure },
    );
    await q.enqueue({ searchId: 'c1' });
    await until(() => runs >= 1);
    await sleep(300);
    expect(runs).toBe(1);
  });

  it('never runs more than `concurrency` handlers at once', async () => {
    const q = await open();
    let inFlight = 0;
    let peak = 0;
    let finished = 0;
    q.work(
      async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await sleep(60);
        inFlight--;
        finished++;
      },
      { concurrency: 2, onFailed: noFailure },
    );
    for (let i = 0; i < 6; i++) await q.enqueue({ searchId: `d${i}` });
    await until(() => finished === 6);
    expect(peak).toBe(2);
  });

  it(`retries a failing job, then reports it failed once after ${JOB_ATTEMPTS} attempts`, async () => {
    const q = await open();
    const attempts: number[] = [];
    const failed: Array<[SearchJob, string]> = [];
    q.work(
      async (_job, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error(`boom ${ctx.attempt}`);
      },
      { concurrency: 1, onFailed: async (job, error) => void failed.push([job, (error as Error).message]) },
    );
    await q.enqueue({ searchId: 'e1' });
    await until(() => failed.length === 1);
    await sleep(200);
    expect(attempts).toEqual(Array.from({ length: JOB_ATTEMPTS }, (_, i) => i + 1));
    expect(failed).toEqual([[{ searchId: 'e1' }, `boom ${JOB_ATTEMPTS}`]]);
  });

  it('says a job is pending while it waits, runs or waits to retry, and not once it completed or failed', async () => {
    const q = await open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failures = 0;
    const failed: string[] = [];
    await q.enqueue({ searchId: 'p-ok' });
    await q.enqueue({ searchId: 'p-fail' });
    expect(await q.isPending('p-ok')).toBe(true);
    expect(await q.isPending('p-never')).toBe(false);
    q.work(
      async (job) => {
        if (job.searchId === 'p-ok') return held;
        failures++;
        throw new Error('boom');
      },
      { concurrency: 2, onFailed: async (job) => void failed.push(job.searchId) },
    );
    await until(() => failures >= 2);
    expect(await q.isPending('p-ok')).toBe(true);
    if (failed.length === 0) expect(await q.isPending('p-fail')).toBe(true);
    release();
    await until(() => failed.length === 1);
    for (const id of ['p-ok', 'p-fail']) {
      const end = Date.now() + 5000;
      while ((await q.isPending(id)) && Date.now() < end) await sleep(20);
      expect(await q.isPending(id)).toBe(false);
    }
  });

  it('on close, aborts handlers still running after the grace period with a ShutdownError and does not fail them', async () => {
    const q = await open();
    let reason: unknown;
    let started = false;
    const failed: SearchJob[] = [];
    q.work(
      (_job, ctx) =>
        new Promise<void>((_resolve, reject) => {
          started = true;
          ctx.signal.addEventListener('abort', () => {
            reason = ctx.signal.reason;
            reject(ctx.signal.reason);
          });
        }),
      { concurrency: 1, onFailed: async (job) => void failed.push(job) },
    );
    await q.enqueue({ searchId: 'f1' });
    await until(() => started);
    const t0 = Date.now();
    await q.close({ graceMs: 200 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(reason).toBeInstanceOf(ShutdownError);
    await sleep(100);
    expect(failed).toEqual([]);
  });

  it('on close, lets a handler that finishes within the grace period complete', async () => {
    const q = await open();
    let completed = false;
    let started = false;
    q.work(
      async (_job, ctx) => {
        started = true;
        await sleep(100);
        if (!ctx.signal.aborted) completed = true;
      },
      { concurrency: 1, onFailed: noFailure },
    );
    await q.enqueue({ searchId: 'g1' });
    await until(() => started);
    await q.close({ graceMs: 5000 });
    expect(completed).toBe(true);
  });
}
