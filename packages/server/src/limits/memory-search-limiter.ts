import { ACTIVE_LEASE_MS, dayKey, type Limits, limitedKeys, type SearchLimiter } from './search-limiter.ts';

/** Limits kept in this process (the default single-node setup). */
export function createMemorySearchLimiter(limits: Limits, now: () => Date = () => new Date()): SearchLimiter {
  /** searchId → the client keys holding an active slot, and when the lease ends. */
  const active = new Map<string, { keys: string[]; expiresAt: number }>();
  /** `${day}|${key}` → searches started that day. */
  const daily = new Map<string, number>();

  function activeCount(key: string | undefined, at: number): number {
    let n = 0;
    for (const [id, slot] of active) {
      if (slot.expiresAt <= at) active.delete(id);
      else if (key === undefined || slot.keys.includes(key)) n++;
    }
    return n;
  }

  return {
    async acquire(searchId, client) {
      const at = now();
      const day = dayKey(at);
      for (const key of daily.keys()) if (!key.startsWith(day)) daily.delete(key);
      const keys = limitedKeys(client, limits);
      const dailyUsed = (key: string) => daily.get(`${day}|${key}`) ?? 0;
      if (keys.some((k) => dailyUsed(k.key) >= k.daily)) return 'daily_limit';
      const t = at.getTime();
      if (keys.some((k) => activeCount(k.key, t) >= k.active)) return 'too_many_active';
      if (activeCount(undefined, t) >= limits.activeGlobal) return 'busy';
      active.set(searchId, { keys: keys.map((k) => k.key), expiresAt: t + ACTIVE_LEASE_MS });
      for (const { key } of keys) daily.set(`${day}|${key}`, dailyUsed(key) + 1);
      return null;
    },
    async release(searchId) {
      active.delete(searchId);
    },
    async close() {
      active.clear();
      daily.clear();
    },
  };
}
