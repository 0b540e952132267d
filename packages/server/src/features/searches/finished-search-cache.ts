/**
 * A finished search never changes, so what it answers is built once and kept for a short while: its row,
 * the status JSON (and that JSON gzip-compressed, for clients that accept it) and the SSE replay.
 *
 * A finished search's row is trusted from memory for `revalidateMs` (1 s) after it was last read; then the
 * next request reads it again (one read shared by every request waiting on it). So a reopened search's
 * status is a buffer handed to the socket, with no database read, while a deleted or purged search is a 404
 * within a second on every node, and at once on the node that deleted it (`forgetTree`). A running search is
 * never cached. Concurrent requests for a payload being built wait for that one build (decisions 097, 145).
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Database } from '../../db/client.ts';
import type { SearchRow } from '../../db/schema/index.ts';
import { getSearchRow, isTerminal, searchNotFound, statusAnswer } from './get-search-status.ts';
import { readStoredResults } from './result-batches.ts';
import { SEARCH_ID_PATTERN } from './search-id.ts';

const gzipAsync = promisify(gzip);

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
  /** Finished searches kept. */
  max?: number;
  /** Bytes kept, every payload of every search together. */
  maxBytes?: number;
  /** How long a search's payloads are kept after the first was built. */
  ttlMs?: number;
  /** How long a finished search's row is trusted from memory before it is read again. */
  revalidateMs?: number;
  now?: () => number;
}

/** A status answer ready for the socket. */
export interface EncodedStatus {
  body: Buffer;
  /** `gzip` when `body` is the compressed JSON. */
  encoding: 'gzip' | 'identity';
}

interface Entry {
  row: SearchRow;
  /** The search's tree (its root's id): deleting any search of a tree forgets every entry of it. */
  tree: string;
  checkedAt: number;
  expiresAt: number;
  bytes: number;
  json?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  replay?: Promise<Replay>;
}

export function createFinishedSearchCache(options: FinishedSearchCacheOptions = {}) {
  const max = options.max ?? 200;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const ttlMs = options.ttlMs ?? 60_000;
  const revalidateMs = options.revalidateMs ?? 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Row reads in flight, one per search, shared by every request that needs it. */
  const reading = new Map<string, Promise<SearchRow>>();
  let bytes = 0;
  /** Bumped by every `forgetTree`: a row read that began before it is not trusted. */
  let forgotten = 0;
  /** How many payloads were built (read from the database and encoded), and rows read: evidence for tests. */
  let builds = 0;
  let rowReads = 0;

  const drop = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    bytes -= entry.bytes;
  };

  /** Counts a payload once it is built; oldest searches go first until both bounds hold again. */
  const account = <T>(id: string, entry: Entry, payload: Promise<T>, size: (value: T) => number): Promise<T> => {
    builds += 1;
    payload.then(
      (value) => {
        if (entries.get(id) !== entry) return;
        const n = size(value);
        entry.bytes += n;
        bytes += n;
        for (const oldest of entries.keys()) {
          if (entries.size <= max && bytes <= maxBytes) break;
          drop(oldest);
        }
      },
      () => drop(id),
    );
    return payload;
  };

  async function readRow(db: Database, id: string): Promise<SearchRow> {
    let pending = reading.get(id);
    if (!pending) {
      rowReads += 1;
      pending = getSearchRow(db, id).finally(() => reading.delete(id));
      reading.set(id, pending);
    }
    try {
      return await pending;
    } catch (error) {
      drop(id);
      throw error;
    }
  }

  /** The entry of a finished search, its row read again when it was last read over `revalidateMs` ago. */
  async function finished(db: Database, id: string): Promise<{ row: SearchRow; entry?: Entry }> {
    if (!SEARCH_ID_PATTERN.test(id)) throw searchNotFound();
    const at = now();
    let entry = entries.get(id);
    if (entry && entry.expiresAt <= at) {
      drop(id);
      entry = undefined;
    }
    if (entry && at - entry.checkedAt < revalidateMs) return { row: entry.row, entry };
    const seen = forgotten;
    const row = await readRow(db, id);
    // A tree forgotten while the row was being read may have been deleted after the read began: read again.
    if (forgotten !== seen) return finished(db, id);
    if (!isTerminal(row.status)) return { row };
    const current = entries.get(id);
    if (current) {
      // Asked again: kept for another `ttlMs` (the bounds above still evict the oldest first).
      current.checkedAt = Math.max(current.checkedAt, at);
      current.expiresAt = at + ttlMs;
      return { row, entry: current };
    }
    const fresh: Entry = { row, tree: row.rootId ?? row.id, checkedAt: at, expiresAt: at + ttlMs, bytes: 0 };
    entries.set(id, fresh);
    return { row, entry: fresh };
  }

  return {
    /** The search's row: a finished one's from memory while it was read in the last `revalidateMs`. */
    async row(db: Database, id: string): Promise<SearchRow> {
      return (await finished(db, id)).row;
    },
    /**
     * The status answer of search `id` as JSON bytes, gzip-compressed when `acceptsGzip` and the search has
     * ended (a running search's answer is small and built fresh each time). A missing search throws 404.
     */
    async status(db: Database, id: string, acceptsGzip = false): Promise<EncodedStatus> {
      const { row, entry } = await finished(db, id);
      if (!entry) return { body: Buffer.from(JSON.stringify(await statusAnswer(db, row))), encoding: 'identity' };
      entry.json ??= account(
        id,
        entry,
        statusAnswer(db, row).then((answer) => Buffer.from(JSON.stringify(answer))),
        (b) => b.length,
      );
      if (!acceptsGzip) return { body: await entry.json, encoding: 'identity' };
      const json = entry.json;
      entry.gzip ??= account(
        id,
        entry,
        json.then((b) => gzipAsync(b)),
        (b) => b.length,
      );
      return { body: await entry.gzip, encoding: 'gzip' };
    },
    /** Every result event of a finished search and its `done` event, as one payload. */
    async replay(db: Database, id: string): Promise<Replay> {
      const { row, entry } = await finished(db, id);
      if (!entry) return buildReplay(db, row);
      entry.replay ??= account(id, entry, buildReplay(db, row), (r) => r.bytes.length);
      return entry.replay;
    },
    /** Forgets every cached search of the tree `treeId` (a search deleted on this node is a 404 at once). */
    forgetTree(treeId: string) {
      forgotten += 1;
      for (const [id, entry] of entries) if (entry.tree === treeId || id === treeId) drop(id);
    },
    stats: () => ({ builds, rowReads, entries: entries.size, bytes }),
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
