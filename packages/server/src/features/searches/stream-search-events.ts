import { setTimeout as sleep } from 'node:timers/promises';
import type { SseDoneEvent } from '@hound/contracts';
import type { Database } from '../../db/client.ts';
import type { SearchBus, SearchMessage } from '../../events/search-bus.ts';
import { type FinishedSearchCache, replayAfter } from './finished-search-cache.ts';
import { getSearchRow, isTerminal, searchNotFound } from './get-search-status.ts';
import { readSearchWithResults, readStoredResults } from './result-batches.ts';
import { SEARCH_ID_PATTERN } from './search-id.ts';

/** Where events go: an HTTP response in production, an array in unit tests. */
export interface EventSink {
  event(name: 'result' | 'progress' | 'done', data: unknown, id?: number): void;
  /** Like `event`, with the data already encoded as JSON text. */
  eventJson(name: 'result', json: string, id?: number): void;
  comment(text: string): void;
  /** Events already encoded as SSE text (a finished search's cached replay). */
  write(bytes: Buffer): void;
  end(): void;
  /** Resolves when the client goes away. */
  readonly closed: Promise<void>;
}

export interface StreamDeps {
  db: Database;
  bus: SearchBus;
  heartbeatMs: number;
  finished: FinishedSearchCache;
  /** Takes the search's slot among the streams following it live (throws when full); returns its release. */
  followLive(searchId: string): () => void;
  /**
   * How often a live stream reads its search's row, in case the `done` message was lost (the process that
   * ended the search died before publishing, or the bus was away then).
   * @default 20 s
   */
  safetyPollMs?: number;
}

const SAFETY_POLL_MS = 20_000;
/** How long a `done` waits for the database to read the search's last results, and how often it asks. */
const DONE_CATCH_UP_MS = 60_000;
const DONE_CATCH_UP_RETRY_MS = 500;

/**
 * Streams a search: every stored result with a sequence number above `afterSeq` exactly once, in order
 * (`result`, id = seq), `progress` updates, then one `done` and the end of the stream.
 *
 * No gaps, no repeats: it subscribes first and buffers, then replays stored results from the database
 * (read with the search's row), then follows the bus, skipping anything already sent and re-reading the
 * database if a sequence number is missing (a batch published before the subscription took effect).
 */
export async function streamSearchEvents(
  deps: StreamDeps,
  searchId: string,
  afterSeq: number,
  sink: EventSink,
): Promise<void> {
  // A malformed id is answered before anything else (a subscription included).
  if (!SEARCH_ID_PATTERN.test(searchId)) throw searchNotFound();
  // A finished search is one pre-built payload, shared by every replay of it for a while; no subscription.
  const current = await deps.finished.row(deps.db, searchId);
  if (isTerminal(current.status)) {
    sink.write(replayAfter(await deps.finished.replay(deps.db, searchId), afterSeq));
    sink.end();
    return;
  }
  let lastSent = afterSeq;
  let total = 0;
  let finished = false;
  let chain: Promise<void> = Promise.resolve();
  const buffered: SearchMessage[] = [];
  let live = false;
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });

  // An `SseResultEvent` around the result's stored JSON text: the text JSON.stringify would give, without
  // decoding and encoding the result again.
  const sendResult = (seq: number, platform: string, json: string) => {
    const progress = `{"done":${seq},"total":${Math.max(total, seq)}}`;
    sink.eventJson('result', `{"platform":${JSON.stringify(platform)},"result":${json},"progress":${progress}}`, seq);
    lastSent = seq;
  };

  const catchUp = async () => {
    for (const r of await readStoredResults(deps.db, searchId, lastSent)) {
      if (!finished) sendResult(r.seq, r.platform, JSON.stringify(r.result));
    }
  };

  // The search ended, possibly while the database was away: its last results are read once it is back, so
  // the stream still ends with `done` (the client reads the rest from the status if it never comes back).
  const catchUpBeforeDone = async () => {
    const giveUpAt = Date.now() + DONE_CATCH_UP_MS;
    for (;;) {
      try {
        await catchUp();
        return;
      } catch {
        if (finished || Date.now() >= giveUpAt) return;
        await Promise.race([sleep(DONE_CATCH_UP_RETRY_MS), sink.closed]);
      }
    }
  };

  const finish = (done: SseDoneEvent) => {
    if (finished) return;
    finished = true;
    sink.event('done', done);
    sink.end();
    markEnded();
  };

  const handle = async (message: SearchMessage) => {
    if (finished) return;
    if (message.type === 'progress') {
      total = message.progress.total;
      sink.event('progress', message.progress);
    } else if (message.type === 'results') {
      total = message.progress.total;
      for (const item of message.items) {
        if (item.seq <= lastSent) continue;
        if (item.seq > lastSent + 1) await catchUp();
        if (item.seq === lastSent + 1) sendResult(item.seq, item.platform, item.json);
      }
    } else {
      await catchUpBeforeDone();
      finish({
        status: message.status,
        total_found: message.totalFound,
        progress: message.progress,
        ...(message.error ? { error: message.error } : {}),
      });
    }
  };

  // Replays are cheap and short; only streams that follow a running search count against its cap.
  const releaseLive = deps.followLive(searchId);
  const unsubscribe = await deps.bus
    .subscribe(searchId, (message) => {
      if (!live) buffered.push(message);
      else
        chain = chain
          .then(() => handle(message))
          .catch(() => {
            sink.end();
            markEnded();
          });
    })
    .catch((error: unknown) => {
      releaseLive();
      throw error;
    });
  let heartbeat: NodeJS.Timeout | undefined;
  let safety: NodeJS.Timeout | undefined;
  try {
    // The row and the results stored so far in one read: a search that has ended has them all.
    const found = await readSearchWithResults(deps.db, searchId, lastSent);
    if (!found) throw searchNotFound();
    const { row, results } = found;
    total = row.total;
    for (const r of results) sendResult(r.seq, r.platform, JSON.stringify(r.result));
    heartbeat = setInterval(() => sink.comment('ping'), deps.heartbeatMs);
    if (isTerminal(row.status)) {
      finish({
        status: row.status,
        total_found: row.found,
        progress: { done: row.done, total: row.total },
        ...(row.error ? { error: row.error } : {}),
      });
    } else {
      sink.event('progress', { done: Math.max(row.done, lastSent), total: row.total });
      // No await between the emptiness check and `live = true`, so no message can slip past both.
      while (buffered.length > 0) await handle(buffered.shift()!);
      live = true;
      safety = setInterval(() => {
        chain = chain
          .then(async () => {
            const now = await getSearchRow(deps.db, searchId);
            if (!finished && isTerminal(now.status)) {
              await handle({
                type: 'done',
                status: now.status as SseDoneEvent['status'],
                totalFound: now.found,
                progress: { done: now.done, total: now.total },
                ...(now.error ? { error: now.error } : {}),
              });
            }
          })
          // The database away: the next poll, or the bus, tells.
          .catch(() => {});
      }, deps.safetyPollMs ?? SAFETY_POLL_MS);
      await Promise.race([sink.closed, ended]);
    }
  } finally {
    clearInterval(heartbeat);
    clearInterval(safety);
    releaseLive();
    await unsubscribe();
  }
}
