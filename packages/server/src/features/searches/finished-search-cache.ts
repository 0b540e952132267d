/**
 * A finished search never changes, so what it answers is built once and kept for a short while: the status
 * JSON and the SSE replay. Callers read the search's row first (one indexed row), so a deleted or purged
 * search is a 404 at once on every node; only the expensive part (every result, read and encoded) is
 * cached. Concurrent requests for an entry being built wait for that one build (decision 097).
 */
import type { Database } from '../../db/client.ts';
import type { SearchRow } from '../../db/schema/index.ts';
import { isTerminal, statusAnswer } from './get-search-status.ts';
import { readStoredResults } from './result-batches.ts';

/** A finished search's whole event stream, and where each result event starts in it. */
export interface Replay {
  bytes: Buffer;
  seqs: number[];
  offsets: number[];
  /** Where the `done` event starts. */
  doneOffset: number;
}

/** The replay's events after result `afterSeq`, the `done` event included. */
export function replayAfter(replay: Replay, afterSeq: number): Buffer {
  let lo = 0;
  let hi = replay.seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (replay.seqs[mid]! <= afterSeq) lo = mid + 1;
    else hi = mid;
  }
  return replay.bytes.subarray(lo < replay.offsets.length ? replay.offsets[lo]! : replay.doneOffset);
}

export interface FinishedSearchCacheOptions {
  /** Entries kept (a status and a replay are one entry each). */
  max?: number;
  /** Bytes kept, all entries together. */
  maxBytes?: number;
  ttlMs?: number;
}

interface Entry {
  value: Promise<Buffer | Replay>;
  bytes: number;
  expiresAt: number;
}

export function createFinishedSearchCache(options: FinishedSearchCacheOptions = {}) {
  const max = options.max ?? 200;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 60_000;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /** How many payloads were built (read from the database and encoded): evidence for tests and logs. */
  let builds = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  function once<T extends Buffer | Replay>(key: string, build: () => Promise<T>, size: (value: T) => number) {
    const hit = entries.get(key);
    if (hit && hit.expiresAt > Date.now()) return hit.value as Promise<T>;
    drop(key);
    builds += 1;
    const entry: Entry = { value: build(), bytes: 0, expiresAt: Date.now() + ttlMs };
    entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (entries.get(key) !== entry) return;
        entry.bytes = size(value as T);
        bytes += entry.bytes;
        // Oldest first, until both bounds hold (a payload larger than the whole budget is not kept).
        for (const oldest of entries.keys()) {
          if (entries.size <= max && bytes <= maxBytes) break;
          drop(oldest);
        }
      },
      () => drop(key),
    );
    return entry.value as Promise<T>;
  }

  return {
    /** The status answer of `row` as JSON bytes; a running search's is built fresh each time. */
    async status(db: Database, row: SearchRow): Promise<Buffer> {
      const encode = async () => Buffer.from(JSON.stringify(await statusAnswer(db, row)));
      if (!isTerminal(row.status)) return encode();
      return once(`status:${row.id}`, encode, (b) => b.length);
    },
    /** Every result event of a finished search and its `done` event, as one payload. */
    replay(db: Database, row: SearchRow): Promise<Replay> {
      return once(
        `replay:${row.id}`,
        () => buildReplay(db, row),
        (r) => r.bytes.length,
      );
    },
    stats: () => ({ builds, entries: entries.size, bytes }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
export type FinishedSearchCache = ReturnType<typeof createFinishedSearchCache>;

async function buildReplay(db: Database, row: SearchRow): Promise<Replay> {
  const parts: string[] = [];
  const seqs: number[] = [];
  const offsets: number[] = [];
  let offset = 0;
  for (const r of await readStoredResults(db, row.id)) {
    const progress = `{"done":${r.seq},"total":${Math.max(row.total, r.seq)}}`;
    const data = `{"platform":${JSON.stringify(r.platform)},"result":${JSON.stringify(r.result)},"progress":${progress}}`;
    const text = `id: ${r.seq}\nevent: result\ndata: ${data}\n\n`;
    seqs.push(r.seq);
    offsets.push(offset);
    parts.push(text);
    offset += Buffer.byteLength(text);
  }
  const done = {
    status: row.status,
    total_found: row.found,
    progress: { done: row.done, total: row.total },
    ...(row.error ? { error: row.error } : {}),
  };
  parts.push(`event: done\ndata: ${JSON.stringify(done)}\n\n`);
  return { bytes: Buffer.from(parts.join('')), seqs, offsets, doneOffset: offset };
}
