import { Redis } from 'ioredis';
import type { SearchBus, SearchMessage } from './search-bus.ts';

type Listener = (payload: string) => void;

/**
 * Redis pub/sub: one publishing and one subscribing connection per process. A channel is subscribed
 * while at least one local listener wants it.
 */
export function createRedisSearchBus(url: string, prefix: string): SearchBus {
  const pub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  const sub = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
  // Connection errors surface through /readyz and failing publishes; keep them from crashing the process.
  pub.on('error', () => {});
  sub.on('error', () => {});
  const listeners = new Map<string, Set<Listener>>();
  const searchChannel = (id: string) => `${prefix}:search:${id}`;
  const cancelChannel = `${prefix}:search-cancel`;

  sub.on('message', (channel: string, payload: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  });

  async function listen(channel: string, listener: Listener) {
    let set = listeners.get(channel);
    if (!set) {
      set = new Set();
      listeners.set(channel, set);
    }
    set.add(listener);
    if (set.size === 1) await sub.subscribe(channel);
    return async () => {
      const current = listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      listeners.delete(channel);
      if (sub.status === 'ready') await sub.unsubscribe(channel);
    };
  }

  return {
    async publish(searchId, message) {
      await pub.publish(searchChannel(searchId), JSON.stringify(message));
    },
    subscribe(searchId, listener) {
      return listen(searchChannel(searchId), (payload) => listener(JSON.parse(payload) as SearchMessage));
    },
    async publishCancel(searchId) {
      await pub.publish(cancelChannel, searchId);
    },
    onCancel(listener) {
      return listen(cancelChannel, listener);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
