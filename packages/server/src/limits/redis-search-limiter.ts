import { createFailFastRedis, REDIS_TIMEOUT_MS } from '../lib/redis-connection.ts';
import {
  ACTIVE_LEASE_MS,
  dayKey,
  type LimitRefusal,
  type Limits,
  limitedKeys,
  type SearchLimiter,
} from './search-limiter.ts';

// Active slots are sorted sets scored by lease end; daily counters expire two days after their day.
// One script per operation keeps check-and-take atomic across API nodes. KEYS: the global active set, the
// search's owner record, then an (active set, daily counter) pair per client key (IP, device, account —
// whichever the search has); ARGV: now, lease end, search id, global cap, lease ms, then each pair's caps.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local lease_end = tonumber(ARGV[2])
local id = ARGV[3]
local pairs_n = (#KEYS - 2) / 2
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
for i = 1, pairs_n do redis.call('ZREMRANGEBYSCORE', KEYS[1 + 2 * i], '-inf', now) end
for i = 1, pairs_n do
  if tonumber(redis.call('GET', KEYS[2 + 2 * i]) or '0') >= tonumber(ARGV[5 + 2 * i]) then return 'daily_limit' end
end
for i = 1, pairs_n do
  if redis.call('ZCARD', KEYS[1 + 2 * i]) >= tonumber(ARGV[4 + 2 * i]) then return 'too_many_active' end
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 'busy' end
local owned = KEYS[1]
redis.call('ZADD', KEYS[1], lease_end, id)
for i = 1, pairs_n do
  redis.call('ZADD', KEYS[1 + 2 * i], lease_end, id)
  redis.call('INCR', KEYS[2 + 2 * i])
  redis.call('EXPIRE', KEYS[2 + 2 * i], 172800)
  owned = owned .. '\\n' .. KEYS[1 + 2 * i]
end
redis.call('SET', KEYS[2], owned, 'PX', ARGV[5])
return 'ok'
`;

const RELEASE = `
local owned = redis.call('GET', KEYS[1])
if not owned then return 0 end
for key in string.gmatch(owned, '[^\\n]+') do redis.call('ZREM', key, ARGV[1]) end
redis.call('DEL', KEYS[1])
return 1
`;

/** Limits shared by every API node through Redis; with Redis away, a 503 within `timeoutMs`. */
export function createRedisSearchLimiter(
  url: string,
  prefix: string,
  limits: Limits,
  now: () => Date = () => new Date(),
  timeoutMs = REDIS_TIMEOUT_MS,
): SearchLimiter {
  const redis = createFailFastRedis(url, timeoutMs);
  const k = (suffix: string) => `${prefix}:limits:${suffix}`;
  return {
    async acquire(searchId, client) {
      const at = now();
      const day = dayKey(at);
      const limited = limitedKeys(client, limits);
      const keys = [
        k('active'),
        k(`owner:${searchId}`),
        ...limited.flatMap(({ key }) => [k(`active:${key}`), k(`daily:${day}:${key}`)]),
      ];
      const args = [
        at.getTime(),
        at.getTime() + ACTIVE_LEASE_MS,
        searchId,
        limits.activeGlobal,
        ACTIVE_LEASE_MS,
        ...limited.flatMap(({ active, daily }) => [active, daily]),
      ];
      const answer = (await redis.call((r) => r.eval(ACQUIRE, keys.length, ...keys, ...args))) as string;
      return answer === 'ok' ? null : (answer as LimitRefusal);
    },
    async release(searchId) {
      await redis.call((r) => r.eval(RELEASE, 1, k(`owner:${searchId}`), searchId));
    },
    close: () => redis.close(),
  };
}
