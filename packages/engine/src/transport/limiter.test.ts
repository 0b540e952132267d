import { describe, expect, it } from 'vitest';
import { HostLimiter } from './limiter.ts';

/** Acquires a slot and records, once it is granted, who got it and its release. */
function take(limiter: HostLimiter, host: string, group: string, granted: Array<[string, () => void]>) {
  return limiter.acquire(host, group).then((release) => void granted.push([group, release]));
}

const turns = () => new Promise((resolve) => setImmediate(resolve));

describe('HostLimiter', () => {
  it('hands a freed slot to the searches queued on the host in turn, not in arrival order', async () => {
    const limiter = new HostLimiter(1);
    const granted: Array<[string, () => void]> = [];
    await take(limiter, 'a.test', 'one', granted);
    // Search "one" queues five more requests on the host before search "two" asks once.
    const pending = [
      ...Array.from({ length: 5 }, () => take(limiter, 'a.test', 'one', granted)),
      take(limiter, 'a.test', 'two', granted),
    ];
    // One slot: release the request granted last, six times, each time letting the next one in.
    for (let i = 0; i < 6; i++) {
      granted.at(-1)![1]();
      await turns();
      expect(limiter.inFlight('a.test')).toBe(1);
    }
    await Promise.all(pending);
    granted.at(-1)![1]();
    expect(limiter.inFlight('a.test')).toBe(0);
    // Search "two" is served right after "one"'s next request, not after all five of them.
    expect(granted.map(([group]) => group)).toEqual(['one', 'one', 'two', 'one', 'one', 'one', 'one']);
  });

  it('never has more than the limit in flight per host, and skips requests whose search gave up', async () => {
    const limiter = new HostLimiter(2);
    const releases = await Promise.all([limiter.acquire('a.test', 'one'), limiter.acquire('a.test', 'two')]);
    expect(limiter.inFlight('a.test')).toBe(2);
    const controller = new AbortController();
    const cancelled = limiter.acquire('a.test', 'three', controller.signal);
    const granted: Array<[string, () => void]> = [];
    const waiting = take(limiter, 'a.test', 'four', granted);
    controller.abort(new Error('gone'));
    await expect(cancelled).rejects.toThrow('gone');
    expect(limiter.inFlight('a.test')).toBe(2);
    releases[0]!();
    await waiting;
    expect(granted.map(([group]) => group)).toEqual(['four']);
    expect(limiter.inFlight('a.test')).toBe(2);
    granted[0]![1]();
    releases[1]!();
    expect(limiter.inFlight('a.test')).toBe(0);
    // Nothing left queued: the next request gets its slot at once.
    const again = await limiter.acquire('a.test', 'five');
    expect(limiter.inFlight('a.test')).toBe(1);
    again();
  });

  it('holds queued requests while the host is paused', async () => {
    const limiter = new HostLimiter(4);
    limiter.pause('a.test', Date.now() + 150);
    const started = Date.now();
    const release = await limiter.acquire('a.test', 'one');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    release();
  });
});
