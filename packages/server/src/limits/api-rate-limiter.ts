/**
 * Requests per minute per API key (decision 144): a fixed one-minute window, counted in this process or in
 * Redis (shared by every API node; one script, so parallel requests on any node cannot pass the limit).
 */
import { createFailFastRedis, REDIS_TIMEOUT_MS } from '../lib/redis-connection.ts';

export interface RateWindow {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface ApiRateLimiter {
  take(keyId: string, limit: number, now: Date): Promise<RateWindow>;
  close(): Promise<void>;
}

const WINDOW_MS = 60_000;

function window(count: number, limit: number, resetMs: number): RateWindow {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs };
}

export function createMemoryApiRateLimiter(): ApiRateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async take(keyId, limit, now) {
      const start = now.getTime() - (now.getTime() % WINDOW_MS);
      let current = windows.get(keyId);
      if (current?.start !== start) {
        // A new minute: forget every key's old window, so the map holds only this minute's keys.
        for (const [id, w] of windows) if (w.start < start) windows.delete(id);
        current = { start, count: 0 };
        windows.set(keyId, current);
      }
      // A refused request does not count, so a client that backs off gets its full allowance next minute.
      if (current.count < limit) current.count += 1;
      else return window(limit + 1, limit, start + WINDOW_MS - now.getTime());
      return window(current.count, limit, start + WINDOW_MS - now.getTime());
    },
    async close() {
      windows.clear();
    },
  };
}

// KEYS[1]: the key's counter for this minute. ARGV: limit, window ms. Counts only what it allows.
const TAKE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return n + 1 end
n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return n
`;

export function createRedisApiRateLimiter(url: string, prefix: string, timeoutMs = REDIS_TIMEOUT_MS): ApiRateLimiter {
  const redis = createFailFastRedis(url, timeoutMs);
  return {
    async take(keyId, limit, now) {
      const start = now.getTime() - (now.getTime() % WINDOW_MS);
      const key = `${prefix}:api-rate:${keyId}:${start}`;
      const count = Number(await redis.call((r) => r.eval(TAKE, 1, key, limit, WINDOW_MS * 2)));
      return window(count, limit, start + WINDOW_MS - now.getTime());
    },
    close: () => redis.close(),
  };
}
