import { createFailFastRedis, REDIS_TIMEOUT_MS } from '../lib/redis-connection.ts';
import type { SearchBus, SearchMessage } from './search-bus.ts';

type Listener = (payload: string) => void;

/**
 * Redis pub/sub: one publishing and one subscribing connection per process. A channel is subscribed
 * while at least one local listener wants it. With Redis away, publishing and subscribing fail within
 * `timeoutMs` (503) instead of waiting for it; ioredis subscribes again after a reconnect.
 */
export function createRedisSearchBus(url: string, prefix: string, timeoutMs = REDIS_TIMEOUT_MS): SearchBus {
  const pub = createFailFastRedis(url, timeoutMs);
  const sub = createFailFastRedis(url, timeoutMs);
  const listeners = new Map<string, Set<Listener>>();
  const searchChannel = (id: string) => `${prefix}:search:${id}`;
  const cancelChannel = `${prefix}:search-cancel`;
  const keyChannel = `${prefix}:api-key-change`;

  sub.redis.on('message', (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  });

  async function stopListening(channel: string, listener: Listener) {
    const current = listeners.get(channel);
    if (!current?.delete(listener) || current.size > 0) return;
    listeners.delete(channel);
    if (sub.redis.status === 'ready') await sub.redis.unsubscribe(channel).catch(() => {});
  }

  async function listen(channel: string, listener: Listener) {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
    }
    set.add(listener);
    if (set.size === 1) {
      try {
        await sub.call((redis) => redis.subscribe(channel));
      } catch (error) {
        await stopListening(channel, listener);
        throw error;
      }
    }
    return () => stopListening(channel, listener);
  }

  return {
    async publish(searchId, message) {
      await pub.call((redis) => redis.publish(searchChannel(searchId), JSON.stringify(message)));
    },
    subscribe(searchId, listener) {
      return listen(searchChannel(searchId), (payload) => listener(JSON.parse(payload) as SearchMessage));
    },
    async publishCancel(searchId) {
      await pub.call((redis) => redis.publish(cancelChannel, searchId));
    },
    onCancel(listener) {
      return listen(cancelChannel, listener);
    },
    async publishKeyChange(keyId) {
      await pub.call((redis) => redis.publish(keyChannel, keyId));
    },
    onKeyChange(listener) {
      return listen(keyChannel, listener);
    },
    async close() {
      listeners.clear();
      await Promise.all([pub.close(), sub.close()]);
    },
  };
}
