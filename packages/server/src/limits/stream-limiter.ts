/**
 * Event streams open at once, counted in this process (a stream holds this node's socket, memory and
 * subscription, so this node's count is the one that matters): per client IP (an IPv6 /64), per device
 * (the `device_id` a stream names, or the signed-in user) and per search.
 */
import type { StreamLimits } from '../env.ts';
import { AppError } from '../errors.ts';
import { clientKey } from './search-limiter.ts';

export interface StreamKeys {
  ip?: string;
  device?: string;
  /** The search followed, namespaced by kind (`search:…`, `email:…`). */
  search?: string;
}

const MESSAGES = {
  ip: 'Too many open event streams from this address. Close some and try again.',
  device: 'Too many open event streams from this device. Close some and try again.',
  search: 'Too many open event streams on this search. Try again in a moment.',
} as const;

export function createStreamLimiter(limits: StreamLimits) {
  const open = new Map<string, number>();
  /** Streams open: each takes client slots (ip/device) once; a username stream following live takes a search-only slot. */
  let streams = 0;
  return {
    open: () => streams,
    /** Takes one slot under every key, or none (throws TOO_MANY_STREAMS); returns its release. */
    acquire(keys: StreamKeys): () => void {
      const wanted: Array<[keyof typeof MESSAGES, string, number]> = [];
      if (keys.ip) wanted.push(['ip', clientKey('ip', keys.ip), limits.perIp]);
      if (keys.device) wanted.push(['device', clientKey('device', keys.device), limits.perDevice]);
      if (keys.search) wanted.push(['search', keys.search, limits.perSearch]);
      for (const [kind, key, max] of wanted) {
        if ((open.get(key) ?? 0) >= max)
          throw new AppError('TOO_MANY_STREAMS', MESSAGES[kind], { headers: { 'retry-after': '5' } });
      }
      for (const [, key] of wanted) open.set(key, (open.get(key) ?? 0) + 1);
      const isStream = keys.ip !== undefined || keys.device !== undefined;
      if (isStream) streams += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (isStream) streams -= 1;
        for (const [, key] of wanted) {
          const n = (open.get(key) ?? 1) - 1;
          if (n > 0) open.set(key, n);
          else open.delete(key);
        }
      };
    },
  };
}
export type StreamLimiter = ReturnType<typeof createStreamLimiter>;
