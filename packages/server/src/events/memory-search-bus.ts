import { EventEmitter } from 'node:events';
import type { SearchBus, SearchMessage } from './search-bus.ts';

const CANCEL = 'cancel';
const KEY_CHANGE = 'api-key-change';

/** The single-process bus: an EventEmitter. Delivery is synchronous, in publish order. */
export function createMemorySearchBus(): SearchBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(searchId, message) {
      emitter.emit(`search:${searchId}`, message);
    },
    async subscribe(searchId, listener) {
      const channel = `search:${searchId}`;
      const wrapped = (m: SearchMessage) => listener(m);
      emitter.on(channel, wrapped);
      return async () => void emitter.off(channel, wrapped);
    },
    async publishCancel(searchId) {
      emitter.emit(CANCEL, searchId);
    },
    async onCancel(listener) {
      emitter.on(CANCEL, listener);
      return async () => void emitter.off(CANCEL, listener);
    },
    async publishKeyChange(keyId) {
      emitter.emit(KEY_CHANGE, keyId);
    },
    async onKeyChange(listener) {
      emitter.on(KEY_CHANGE, listener);
      return async () => void emitter.off(KEY_CHANGE, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
