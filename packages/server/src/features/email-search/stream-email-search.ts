/**
 * SSE of one email search: every stored result after `afterSeq` once, in order (`result`, id = seq), then
 * `done`. It reads the database when the search bus says something changed (email-search-events.ts), and
 * every `SAFETY_POLL_MS` in case a message was lost; so a client reconnecting to any node resumes with
 * Last-Event-ID and nothing is missed or repeated. An email search has only tens of results.
 */
import type { Database } from '../../db/client.ts';
import type { SearchBus } from '../../events/search-bus.ts';
import type { EventSink } from '../searches/stream-search-events.ts';
import { onEmailProgress } from './email-search-events.ts';
import { ownEmailSearch, resultsAfter } from './get-email-search.ts';

const SAFETY_POLL_MS = 5_000;

export async function streamEmailSearch(
  deps: { db: Database; bus: SearchBus; heartbeatMs: number },
  userId: string,
  id: string,
  afterSeq: number,
  sink: EventSink,
): Promise<void> {
  // Not yours (or none): 404 before anything is subscribed or written.
  await ownEmailSearch(deps.db, userId, id);
  let closed = false;
  let changed = false;
  let wake = () => {};
  void sink.closed.then(() => {
    closed = true;
    wake();
  });
  // Subscribed before the first read, so a change after that read always wakes the loop.
  const unsubscribe = await onEmailProgress(deps.bus, id, () => {
    changed = true;
    wake();
  });
  try {
    let last = afterSeq;
    let lastBeat = Date.now();
    let lastRead = 0;
    for (;;) {
      if (changed || Date.now() - lastRead >= SAFETY_POLL_MS) {
        changed = false;
        lastRead = Date.now();
        const row = await ownEmailSearch(deps.db, userId, id);
        for (const { seq, result } of await resultsAfter(deps.db, id, last)) {
          sink.event('result', { result, progress: { done: seq, total: Math.max(row.total, seq) } }, seq);
          last = seq;
        }
        if (row.status !== 'running') {
          sink.event('done', {
            status: row.status,
            ...(row.error ? { error: row.error } : {}),
            progress: { done: row.done, total: Math.max(row.total, row.done) },
          });
          sink.end();
          return;
        }
      }
      if (closed) return;
      if (Date.now() - lastBeat >= deps.heartbeatMs) {
        sink.comment('heartbeat');
        lastBeat = Date.now();
      }
      const now = Date.now();
      const waitMs = Math.max(0, Math.min(lastRead + SAFETY_POLL_MS, lastBeat + deps.heartbeatMs) - now);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        if (changed || closed) wake();
      });
      wake = () => {};
      if (closed) return;
    }
  } finally {
    await unsubscribe();
  }
}
