/** One behaviour suite for both limiters: in-memory (default) and Redis (REDIS_URL). */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Limits } from '../env.ts';
import { createMemorySearchLimiter } from './memory-search-limiter.ts';
import { createRedisSearchLimiter } from './redis-search-limiter.ts';
import { ACTIVE_LEASE_MS, type SearchLimiter } from './search-limiter.ts';

const LIMITS: Limits = { activeGlobal: 3, activePerIp: 2, activePerDevice: 1, dailyPerIp: 4, dailyPerDevice: 3 };
type Make = (limits: Limits, now: () => Date) => SearchLimiter;

function limiterContract(make: Make) {
  let clock = new Date('2026-03-01T10:00:00Z');
  let limiter: SearchLimiter;
  let n = 0;
  const open = (limits: Limits = LIMITS) => {
    clock = new Date('2026-03-01T10:00:00Z');
    limiter = make(limits, () => clock);
    return limiter;
  };
  const id = () => `s${n++}`;
  afterEach(async () => limiter?.close());

  it('limits active searches per device, and the device id never bypasses the IP limit', async () => {
    const l = open();
    expect(await l.acquire(id(), { ip: '1.1.1.1', deviceId: 'a' })).toBeNull();
    expect(await l.acquire(id(), { ip: '1.1.1.1', deviceId: 'a' })).toBe('too_many_active');
    expect(await l.acquire(id(), { ip: '1.1.1.1', deviceId: 'b' })).toBeNull();
    expect(await l.acquire(id(), { ip: '1.1.1.1', deviceId: 'c' })).toBe('too_many_active');
    expect(await l.acquire(id(), { ip: '1.1.1.1' })).toBe('too_many_active');
  });

  it('counts an account on its own, wherever its searches come from, and a lead with only the account', async () => {
    const l = open({
      ...LIMITS,
      activePerIp: 100,
      activeGlobal: 100,
      dailyPerIp: 100,
      activePerAccount: 2,
      dailyPerAccount: 3,
    });
    const first = id();
    expect(await l.acquire(first, { ip: '3.3.3.1', userId: 'u1' })).toBeNull();
    expect(await l.acquire(id(), { userId: 'u1' })).toBeNull();
    // A third at once is one too many for the account, from any address, or from none (a lead's search).
    expect(await l.acquire(id(), { ip: '3.3.3.2', userId: 'u1' })).toBe('too_many_active');
    expect(await l.acquire(id(), { userId: 'u1' })).toBe('too_many_active');
    // Another account, and the same address anonymously, are not held back by it.
    expect(await l.acquire(id(), { userId: 'u2' })).toBeNull();
    expect(await l.acquire(id(), { ip: '3.3.3.1' })).toBeNull();
    const third = id();
    await l.release(first);
    expect(await l.acquire(third, { userId: 'u1' })).toBeNull();
    await l.release(third);
    // Three started today: the fourth is the daily limit, however it is asked for.
    expect(await l.acquire(id(), { userId: 'u1' })).toBe('daily_limit');
    expect(await l.acquire(id(), { ip: '3.3.3.9', userId: 'u1' })).toBe('daily_limit');
  });

  it("a lead's search counts against its account only, never the address of whoever started the tree (issue 38)", async () => {
    const l = open({ ...LIMITS, activePerIp: 1, activeGlobal: 100, activePerAccount: 5, dailyPerAccount: 50 });
    expect(await l.acquire(id(), { ip: '4.4.4.4', userId: 'owner' })).toBeNull();
    // The address is at its cap; the tree's leads still run, counted on the account.
    expect(await l.acquire(id(), { ip: '4.4.4.4' })).toBe('too_many_active');
    expect(await l.acquire(id(), { userId: 'owner' })).toBeNull();
    expect(await l.acquire(id(), { userId: 'owner' })).toBeNull();
    // And the leads take nothing from the address: anyone else behind it is held only by the root.
    expect(await l.acquire(id(), { ip: '4.4.4.5' })).toBeNull();
  });

  it('says busy at global capacity, and a release frees the slot (idempotently)', async () => {
    const l = open();
    const ids = [id(), id(), id()];
    for (const [i, s] of ids.entries()) expect(await l.acquire(s, { ip: `10.0.0.${i}` })).toBeNull();
    expect(await l.acquire(id(), { ip: '10.0.0.9' })).toBe('busy');
    await l.release(ids[0]!);
    await l.release(ids[0]!);
    expect(await l.acquire(id(), { ip: '10.0.0.9' })).toBeNull();
    expect(await l.acquire(id(), { ip: '10.0.0.8' })).toBe('busy');
  });

  it('counts searches per device and per IP per UTC day; refusals do not count', async () => {
    const l = open({ ...LIMITS, activePerIp: 100, activePerDevice: 100, activeGlobal: 100 });
    for (let i = 0; i < 3; i++) expect(await l.acquire(id(), { ip: '2.2.2.2', deviceId: 'd' })).toBeNull();
    expect(await l.acquire(id(), { ip: '2.2.2.2', deviceId: 'd' })).toBe('daily_limit');
    expect(await l.acquire(id(), { ip: '2.2.2.2', deviceId: 'e' })).toBeNull();
    // The IP has used 4: a fresh device id does not help.
    expect(await l.acquire(id(), { ip: '2.2.2.2', deviceId: 'f' })).toBe('daily_limit');
    expect(await l.acquire(id(), { ip: '3.3.3.3', deviceId: 'g' })).toBeNull();
    clock = new Date('2026-03-02T00:00:01Z');
    expect(await l.acquire(id(), { ip: '2.2.2.2', deviceId: 'd' })).toBeNull();
  });

  it('frees a slot whose release never came after the lease', async () => {
    const l = open();
    expect(await l.acquire(id(), { ip: '4.4.4.4', deviceId: 'h' })).toBeNull();
    expect(await l.acquire(id(), { ip: '4.4.4.4', deviceId: 'h' })).toBe('too_many_active');
    clock = new Date(clock.getTime() + ACTIVE_LEASE_MS + 1);
    expect(await l.acquire(id(), { ip: '4.4.4.4', deviceId: 'h' })).toBeNull();
  });

  it('holds under concurrent acquisitions', async () => {
    const l = open({ ...LIMITS, activeGlobal: 5, activePerIp: 100, dailyPerIp: 100, dailyPerDevice: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => l.acquire(id(), { ip: `5.5.5.${i}` })));
    expect(answers.filter((a) => a === null)).toHaveLength(5);
    expect(answers.filter((a) => a === 'busy')).toHaveLength(15);
  });
}

describe('in-memory search limiter', () => {
  limiterContract((limits, now) => createMemorySearchLimiter(limits, now));
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('[skip] Redis search limiter: REDIS_URL is not set');

describe.skipIf(!redisUrl)('Redis search limiter (REDIS_URL)', () => {
  const prefix = `hound-test-${randomUUID().slice(0, 8)}`;
  let n = 0;
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  limiterContract((limits, now) => createRedisSearchLimiter(redisUrl!, `${prefix}-${n++}`, limits, now));
});
