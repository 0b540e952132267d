/**
 * Email searches tell their streams about progress over the search bus (in-process emitter or Redis
 * pub/sub, like username searches), on a channel of their own. A message only says "look again": the
 * database stays the record, so streams on any node resume with Last-Event-ID and miss nothing.
 */
import type { SearchBus, SearchMessage, Unsubscribe } from '../../events/search-bus.ts';

const channel = (id: string) => `email-${id}`;

/**
 * Not awaited, and never fails the search: a lost or late message (Redis away) only delays a stream until
 * its safety poll, and the search does not wait on Redis.
 */
export function publishEmailProgress(bus: SearchBus, id: string, done: number, total: number): void {
  bus.publish(channel(id), { type: 'progress', progress: { done, total } }).catch(() => {});
}

export function onEmailProgress(
  bus: SearchBus,
  id: string,
  listener: (m: SearchMessage) => void,
): Promise<Unsubscribe> {
  return bus.subscribe(channel(id), listener);
}
