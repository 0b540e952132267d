import type { SearchScope } from '@hound/contracts';
import { type Engine, type SearchOptions, type Site, selectSites } from '@hound/engine';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineHost } from '../../catalogues/engine-host.ts';
import type { Database } from '../../db/client.ts';
import { preparedFor } from '../../db/prepared.ts';
import { ACTIVE_STATUSES, searches } from '../../db/schema/index.ts';
import type { SearchBus } from '../../events/search-bus.ts';
import type { JobContext, JobQueue, SearchJob } from '../../jobs/job-queue.ts';
import type { SearchLimiter } from '../../limits/search-limiter.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import { finishSearch } from './finish-search.ts';
import { followLeads } from './follow-leads.ts';
import { isTerminal } from './get-search-status.ts';
import { readStoredSiteIds } from './result-batches.ts';
import { createResultWriter, type ResultWriter } from './result-writer.ts';
import { CATALOGUES_LOADING_MESSAGE } from './search-messages.ts';
import { type ResultToStore, storeBatches } from './store-results.ts';
import { toPlatformResult } from './to-platform-result.ts';

export interface RunSearchDeps {
  db: Database;
  bus: SearchBus;
  limiter: SearchLimiter;
  engines: EngineHost;
  log: FastifyBaseLogger;
  metrics?: Metrics;
  checkTimeoutMs?: number;
  /**
   * Results are written in batches: the first result alone, quickly (time to first result), then at most
   * `flushMs` apart or every `flushSize` results. Fewer, larger batches cost less per result (decisions
   * 086, 089), and a stream still moves at least every half second. The flushes of all searches fall on
   * the same clock ticks (multiples of `flushMs`), so their batches share a statement.
   * @default 400 ms, 100 results
   */
  flushMs?: number;
  flushSize?: number;
  /** How long a run waits for the catalogues before failing this attempt. */
  engineWaitMs?: number;
  /** Queues the child searches of a recursive search (issue 29); without it, leads are not followed. */
  queue?: JobQueue;
}

/**
 * The search job: runs the engine and stores each result once. Safe to run again for the same search
 * (a retry or a takeover after a worker died): finished searches are skipped, results already stored
 * are kept, and only new sites are added.
 */
export async function runSearch(deps: RunSearchDeps, job: SearchJob, context: JobContext): Promise<void> {
  const { db, bus, log } = deps;
  const { searchId } = job;
  const cancel = new AbortController();
  const stopListening = await bus.onCancel((id) => {
    if (id === searchId) cancel.abort(new Error('cancelled'));
  });
  let lease: ReturnType<EngineHost['lease']>;
  try {
    lease = await leaseEngine(deps, searchId, context.signal);
    if (!lease) return;
    // One statement reads and claims the search, after listening for cancels: only an active search
    // becomes running, so a cancel before the claim wins and one after it is heard.
    const [row] = await claimSearch(db).execute({ id: searchId, now: new Date().toISOString() });
    if (!row) return;
    // The first run's wait only: a retry's wait is the queue's backoff, not its backlog.
    if (row.attempts === 1) deps.metrics?.jobWait.observe((Date.now() - row.createdAt.getTime()) / 1000);
    await bus.publish(searchId, { type: 'progress', progress: { done: row.done, total: row.total } });

    const signal = AbortSignal.any([context.signal, cancel.signal]);
    const scope = row.scope ?? {};
    // The sites are chosen after the claim: whatever was stored by then is known, so the writer starts
    // from the claimed count (another writer storing results later moves `done` and is noticed).
    const only = row.done > 0 ? await remainingSites(db, lease.engine, searchId, scope) : undefined;
    const platformOf = platformNames(lease.engine);
    const batch = new BatchWriter(deps, searchId, row.done);
    try {
      const options: SearchOptions = {
        ...scope,
        signal,
        ...(row.factsMode === 'fetch' ? { facts: 'fetch' as const } : {}),
        ...(deps.checkTimeoutMs ? { timeoutMs: deps.checkTimeoutMs } : {}),
        ...(only ? { sites: only } : {}),
      };
      const events = only?.length === 0 ? [] : lease.engine.searchUsername(row.username, options);
      for await (const event of events) {
        if (signal.aborted) break;
        const { result } = event;
        deps.metrics?.checks.inc({ verdict: result.verdict, reason: result.reason ?? '' });
        deps.metrics?.checkDuration.observe(result.evidence.elapsedMs / 1000);
        batch.add({
          siteId: result.siteId,
          platform: platformOf(result.siteId, result.name),
          json: JSON.stringify(toPlatformResult(result, row.username)),
          found: result.verdict === 'found',
        });
      }
    } catch (error) {
      // An engine that reports an abort by throwing is not a failure: the checks below decide.
      if (!signal.aborted) {
        await batch.close().catch(() => {});
        throw error;
      }
    }
    await batch.close();
    if (context.signal.aborted) throw context.signal.reason;
    if (cancel.signal.aborted) return;
    const completed = await finishSearch(deps, searchId, 'completed');
    log.info({ searchId }, 'search completed');
    if (completed && deps.queue && row.followDepth > row.depth) {
      // A failure here leaves the search completed: its results stand, only its leads are not followed.
      await followLeads({ db, queue: deps.queue, limiter: deps.limiter, log }, lease.engine, row).catch(
        (error: unknown) => log.error({ err: error, searchId }, 'following the leads failed'),
      );
    }
  } finally {
    lease?.release();
    await stopListening();
  }
}

/** Marks an active search running (its first start time kept) and returns its row; nothing for an ended one. */
const claimSearch = preparedFor((db) =>
  db
    .update(searches)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${searches.startedAt}, ${sql.placeholder('now')}::timestamptz)`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
      attempts: sql`${searches.attempts} + 1`,
    })
    .where(and(eq(searches.id, sql.placeholder('id')), inArray(searches.status, [...ACTIVE_STATUSES])))
    .returning()
    .prepare('hound_claim_search'),
);

/**
 * The engine, at once when the catalogues are loaded. Otherwise the run waits for them, but only for a
 * search that can still run (undefined for one that ended or is gone).
 */
async function leaseEngine(deps: RunSearchDeps, searchId: string, signal: AbortSignal) {
  const now = deps.engines.lease();
  if (now) return now;
  const [row] = await deps.db.select({ status: searches.status }).from(searches).where(eq(searches.id, searchId));
  if (!row || isTerminal(row.status)) return undefined;
  const waitMs = deps.engineWaitMs ?? 60_000;
  await Promise.race([
    deps.engines.whenReady(),
    new Promise((_, reject) => {
      const timer = setTimeout(() => reject(new Error(CATALOGUES_LOADING_MESSAGE)), waitMs);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    }),
  ]);
  const lease = deps.engines.lease();
  if (!lease) throw new Error(CATALOGUES_LOADING_MESSAGE);
  return lease;
}

/**
 * A resumed search (an earlier attempt stored some results) checks only the sites of the default
 * selection that have no result yet, so a takeover does not repeat requests.
 */
async function remainingSites(db: Database, engine: Engine, searchId: string, scope: SearchScope): Promise<string[]> {
  const stored = await readStoredSiteIds(db, searchId);
  const health = new Map(engine.health().map((h) => [h.siteId, h]));
  return selectSites(engine.sites, scope, health)
    .map((s) => s.site.id)
    .filter((id) => !stored.has(id));
}

const namesByEngine = new WeakMap<Engine, (siteId: string, name: string) => string>();

/** Results are keyed by site name; two sites sharing a name are told apart by their id. */
function platformNames(engine: Engine): (siteId: string, name: string) => string {
  let fn = namesByEngine.get(engine);
  if (!fn) {
    const count = new Map<string, number>();
    for (const site of engine.sites as Site[]) count.set(site.name, (count.get(site.name) ?? 0) + 1);
    fn = (siteId, name) => ((count.get(name) ?? 0) > 1 ? `${name} (${siteId})` : name);
    namesByEngine.set(engine, fn);
  }
  return fn;
}

const FIRST_FLUSH_MS = 20;
/** One writer per database in a process: the batches of all its searches share statements (result-writer.ts). */
const writers = new WeakMap<Database, ResultWriter>();

function writerFor(db: Database): ResultWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createResultWriter((batches) => storeBatches(db, batches));
    writers.set(db, writer);
  }
  return writer;
}

/** Time until the next multiple of `periodMs`: every search's timer of that period fires at the same moment. */
const untilTick = (periodMs: number) => periodMs - (Date.now() % periodMs);

/**
 * Buffers results and writes them in order, one batch at a time, publishing each stored batch. While only
 * this writer has stored results since it chose its sites, it knows `done` and each batch is one statement;
 * once another writer is seen (a worker taking over from one still running), every batch takes the locked
 * path, which skips sites stored by the other.
 */
class BatchWriter {
  private pending: ResultToStore[] = [];
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private failure: unknown;
  private flushed = false;

  constructor(
    private readonly deps: RunSearchDeps,
    private readonly searchId: string,
    private expectedDone: number | undefined,
  ) {}

  add(item: ResultToStore): void {
    if (this.failure) throw this.failure;
    this.pending.push(item);
    if (this.pending.length >= (this.deps.flushSize ?? 100)) this.flush();
    else
      this.timer ??= setTimeout(
        () => this.flush(),
        untilTick(this.flushed ? (this.deps.flushMs ?? 400) : FIRST_FLUSH_MS),
      );
  }

  async close(): Promise<void> {
    this.flush();
    await this.writing;
    if (this.failure) throw this.failure;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const items = this.pending;
    this.pending = [];
    this.flushed = true;
    this.writing = this.writing.then(async () => {
      if (this.failure) return;
      try {
        const outcome = await writerFor(this.deps.db).write({
          searchId: this.searchId,
          items,
          ...(this.expectedDone !== undefined ? { expectedDone: this.expectedDone } : {}),
        });
        this.expectedDone = outcome?.fast ? outcome.done : undefined;
        if (outcome && outcome.stored.length > 0) {
          await this.deps.bus.publish(this.searchId, {
            type: 'results',
            items: outcome.stored,
            progress: outcome.progress,
          });
        }
      } catch (error) {
        this.failure = error;
      }
    });
  }
}
