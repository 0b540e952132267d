import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { AdaptiveLimit } from './adaptive-limit.ts';
import { FairSemaphore } from './limiter.ts';

/** Keeps this thread's event loop busy in turns of `turnMs`, as a flood of responses would. */
async function busyLoop(totalMs: number, turnMs: number): Promise<void> {
  const end = Date.now() + totalMs;
  while (Date.now() < end) {
    const until = Date.now() + turnMs;
    while (Date.now() < until) {
      // spin
    }
    await sleep(1);
  }
}

/** Asks `count` slots of `semaphore` (queued beyond its cap) and holds them until the returned call. */
function hold(semaphore: FairSemaphore, count: number): () => void {
  const held: Array<() => void> = [];
  let letGo = false;
  for (let i = 0; i < count; i++) {
    void semaphore.acquire('g').then((release) => (letGo ? release() : held.push(release)));
  }
  return () => {
    letGo = true;
    for (const release of held.splice(0)) release();
  };
}

/** Lets the released slots pass on to queued waiters and be released in turn (a chain of microtasks). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('adaptive global limit', () => {
  it('shrinks the cap while the loop lags, never below its floor, and grows it back while the loop keeps up', async () => {
    const semaphore = new FairSemaphore(200);
    const adaptive = new AdaptiveLimit(semaphore, 200);
    const releaseFirst = hold(semaphore, 300); // 200 in flight, 100 queued
    adaptive.wake(); // a slow start: the cap is 64 from here, and the loop lags at once
    await busyLoop(1500, 150);
    expect(semaphore.cap).toBe(32); // the floor
    expect(semaphore.inFlight).toBe(200); // a lower cap takes effect as slots free up: nothing is cut off

    releaseFirst();
    const releaseSecond = hold(semaphore, 400); // more than the cap waits
    await expect.poll(() => semaphore.cap, { timeout: 5000, interval: 100 }).toBe(200);
    expect(semaphore.inFlight).toBe(200);
    releaseSecond();
    adaptive.stop();
  });

  it('starts at 64 after a pause and doubles while the loop keeps up, until it first lags', () => {
    const semaphore = new FairSemaphore(512);
    const adaptive = new AdaptiveLimit(semaphore, 512);
    adaptive.wake();
    adaptive.stop(); // the steps below are taken by hand, not by the timer
    const release = hold(semaphore, 1000);
    expect(semaphore.cap).toBe(64);
    expect(semaphore.inFlight).toBe(64);

    const caps: number[] = [];
    for (const late of [0, 0, 0]) {
      adaptive.step(late);
      caps.push(semaphore.cap);
    }
    expect(caps).toEqual([128, 256, 512]);
    expect(semaphore.inFlight).toBe(512);

    adaptive.step(60); // lags: shrinks, and the slow start is over
    expect(semaphore.cap).toBe(409);
    adaptive.step(60);
    expect(semaphore.cap).toBe(327);
    adaptive.step(0);
    expect(semaphore.cap).toBe(409); // grows by a quarter now, not double
    adaptive.step(20); // neither lagging nor keeping up: unchanged
    expect(semaphore.cap).toBe(409);
    release();

    adaptive.wake(); // work after a pause starts slowly again
    adaptive.stop();
    expect(semaphore.cap).toBe(64);
  });

  it('lowers an unused cap when new work arrives: to 64 when idle, else to twice the requests in flight', async () => {
    const semaphore = new FairSemaphore(512);
    const adaptive = new AdaptiveLimit(semaphore, 512);
    // The loop is watched from here on, as while a search runs; its timer is held still so that only the
    // steps below move the cap.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    adaptive.wake();
    try {
      const first = hold(semaphore, 1000);
      for (const late of [0, 0, 0]) adaptive.step(late);
      expect(semaphore.inFlight).toBe(512);
      first();
      await settle();
      expect(semaphore.inFlight).toBe(0);
      expect(semaphore.cap).toBe(512);

      const second = hold(semaphore, 100); // a few requests still in flight under the old cap
      adaptive.wake(); // a new request, nothing queued: 200 in flight is what has been shown to be needed
      expect(semaphore.cap).toBe(200);
      second();
      await settle();
      expect(semaphore.inFlight).toBe(0);
      adaptive.wake(); // the next search's first request, nothing in flight: the burst starts at 64
      expect(semaphore.cap).toBe(64);
      const third = hold(semaphore, 100);
      expect(semaphore.inFlight).toBe(64);
      adaptive.step(0); // still the slow start: doubles
      expect(semaphore.cap).toBe(128);
      third();
    } finally {
      adaptive.stop();
      vi.useRealTimers();
    }
  });

  it('does not grow while nothing is queued, nor above its maximum', () => {
    const semaphore = new FairSemaphore(100);
    const adaptive = new AdaptiveLimit(semaphore, 100);
    adaptive.wake();
    adaptive.stop();
    const release = hold(semaphore, 10);
    adaptive.step(0);
    expect(semaphore.cap).toBe(64);
    release();
    const releaseMore = hold(semaphore, 200);
    adaptive.step(0);
    adaptive.step(0);
    expect(semaphore.cap).toBe(100);
    releaseMore();
  });
});
