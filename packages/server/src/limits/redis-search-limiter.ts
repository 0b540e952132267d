import { createFailFastRedis, REDIS_TIMEOUT_MS } from '../lib/redis-connection.ts';
import {
  ACTIVE_LEASE_MS,
  clientKey,
  dayKey,
  type LimitRefusal,
  type Limits,
  type SearchLimiter,
} from './search-limiter.ts';

// Active slots are sorted sets scored by lease end; daily counters expire two days after their day.
// One script per operation keeps check-and-take atomic across API nodes.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local lease_end = tonumber(ARGV[2])
local id = ARGV[3]
local has_device = ARGV[9] == '1'
for i = 1, 3 do
  if i < 3 or has_device then redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now) end
end
if tonumber(redis.call('GET', KEYS[4]) or '0') >= tonumber(ARGV[7]) then return 'daily_limit' end
if has_device and tonumber(redis.call('GET', KEYS[5]) or '0') >= tonumber(ARGV[8]) then return 'daily_limit' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 'too_many_active' end
if has_device and redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then return 'too_many_active' end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 'busy' end
local owned = KEYS[1] .. '\\n' .. KEYS[2]
redis.call('ZADD', KEYS[1], lease_end, id)
redis.call('ZADD', KEYS[2], lease_end, id)
redis.call('INCR', KEYS[4])
redis.call('EXPIRE', KEYS[4], 172800)
if has_device then
  redis.call('ZADD', KEYS[3], lease_end, id)
  redis.call('INCR', KEYS[5])
  redis.call('EXPIRE', KEYS[5], 172800)
  owned = owned .. '\\n' .. KEYS[3]
end
redis.call('SET', KEYS[6], owned, 'PX', ARGV[10])
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
      const ip = clientKey('ip', client.ip);
      const device = client.deviceId ? clientKey('device', client.deviceId) : 'device:none';
      const keys = [
        k('active'),
        k(`active:${ip}`),
        k(`active:${device}`),
        k(`daily:${day}:${ip}`),
        k(`daily:${day}:${device}`),
        k(`owner:${searchId}`),
      ];
      const args = [
        at.getTime(),
        at.getTime() + ACTIVE_LEASE_MS,
        searchId,
        limits.activeGlobal,
        limits.activePerIp,
        limits.activePerDevice,
        limits.dailyPerIp,
        limits.dailyPerDevice,
        client.deviceId ? '1' : '0',
        ACTIVE_LEASE_MS,
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
