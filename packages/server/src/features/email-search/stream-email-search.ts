/**
 * SSE of one email search: every stored result after `afterSeq` once, in order (`result`, id = seq), then
 * `done`. It follows the database (every `POLL_MS`), so a client reconnecting to any node resumes with
 * Last-Event-ID and nothing is missed or repeated; an email search has only tens of results.
 */
import type { Database } from '../../db/client.ts';
import type { EventSink } from '../searches/stream-search-events.ts';
import { ownEmailSearch, resultsAfter } from './get-email-search.ts';

const POLL_MS = 200;

export async function streamEmailSearch(
  deps: { db: Database; heartbeatMs: number },
  userId: string,
  id: string,
  afterSeq: number,
  sink: EventSink,
): Promise<void> {
  let row = await ownEmailSearch(deps.db, userId, id);
  let last = afterSeq;
  let closed = false;
  void sink.closed.then(() => {
    closed = true;
  });
  let lastBeat = Date.now();
  for (;;) {
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
    if (closed) return;
    if (Date.now() - lastBeat >= deps.heartbeatMs) {
      sink.comment('heartbeat');
      lastBeat = Date.now();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    row = await ownEmailSearch(deps.db, userId, id);
  }
}
