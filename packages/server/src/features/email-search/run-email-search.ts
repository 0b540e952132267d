/**
 * Runs one email search in this process: streams the engine's results into the database in small batches
 * (read by the SSE stream and the snapshot), then finishes the search. A failure on our side returns the
 * credit; finding nothing is not a failure.
 */
import type { EmailResult, Engine } from '@hound/engine';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineHost } from '../../catalogues/engine-host.ts';
import type { Database } from '../../db/client.ts';
import { emailSearches, emailSearchResults } from '../../db/schema/index.ts';
import type { SearchBus } from '../../events/search-bus.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SearchLimiter } from '../../limits/search-limiter.ts';
import { returnReservation } from '../credits/reservations.ts';
import { followEmailLeads } from '../searches/follow-leads.ts';
import { emitEmailSearchCompleted } from '../webhooks/completion-events.ts';
import { wakeWebhookSenders } from '../webhooks/webhook-sender.ts';
import { publishEmailProgress } from './email-search-events.ts';
import { resultsAfter } from './get-email-search.ts';
import { toCheckResult } from './to-contract.ts';

export interface EmailRunDeps {
  db: Database;
  /** Tells the search's streams that something changed (email-search-events.ts). */
  bus: SearchBus;
  log: FastifyBaseLogger;
  loud: boolean;
  keys: Record<string, string | undefined>;
  /**
   * What following an email search's leads needs (decision 116): the job queue, the limits, and the
   * username searches' engine; without it, leads are not followed.
   */
  follow?: { queue: JobQueue; limiter: SearchLimiter; engines: EngineHost };
}

const FLUSH_MS = 100;

export async function runEmailSearch(
  deps: EmailRunDeps,
  engine: Engine,
  search: { id: string; email: string; reservationId: string | null; adult?: boolean },
  signal: AbortSignal,
): Promise<void> {
  let seq = 0;
  let found = 0;
  let pending: EmailResult[] = [];
  let lastFlush = Date.now();
  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const rows = batch.map((result) => ({
      searchId: search.id,
      seq: ++seq,
      checkId: result.checkId,
      result: toCheckResult(result),
    }));
    found += batch.filter((r) => r.verdict === 'found').length;
    await deps.db.transaction(async (tx) => {
      await tx.insert(emailSearchResults).values(rows);
      await tx
        .update(emailSearches)
        .set({ done: seq, found, updatedAt: new Date() })
        .where(eq(emailSearches.id, search.id));
    });
    lastFlush = Date.now();
    publishEmailProgress(deps.bus, search.id, seq, seq);
  };
  try {
    for await (const { result } of engine.searchEmail(search.email, {
      loud: deps.loud,
      adult: search.adult === true,
      keys: deps.keys,
      signal,
    })) {
      pending.push(result);
      if (Date.now() - lastFlush >= FLUSH_MS) await flush();
    }
    await flush();
    const ended = await endEmailSearch(deps.db, search.id, {
      status: 'completed',
      total: sql`${emailSearches.done}`,
    });
    if (ended && deps.follow && ended.followDepth > ended.depth) await followLeadsOf(deps, deps.follow, ended);
  } catch (error) {
    deps.log.error({ err: error, searchId: search.id }, 'email search failed');
    await failEmailSearch(deps.db, search, 'Search failed');
  }
  publishEmailProgress(deps.bus, search.id, seq, seq);
}

/** Its pivot's usernames become searches below it; a failure leaves the search completed, its leads not followed. */
async function followLeadsOf(
  deps: EmailRunDeps,
  follow: NonNullable<EmailRunDeps['follow']>,
  row: typeof emailSearches.$inferSelect,
): Promise<void> {
  try {
    const results = (await resultsAfter(deps.db, row.id, 0)).map((r) => r.result);
    await followEmailLeads(
      { db: deps.db, queue: follow.queue, limiter: follow.limiter, log: deps.log },
      follow.engines.current(),
      row,
      results,
    );
  } catch (error) {
    deps.log.error({ err: error, searchId: row.id }, 'following the leads failed');
  }
}

/**
 * Ends a running search as failed and gives its credit back. Only a search still running is failed, and a
 * reservation is returned once, so a late or repeated call changes nothing.
 */
export async function failEmailSearch(
  db: Database,
  search: { id: string; reservationId: string | null },
  message: string,
): Promise<void> {
  const ended = await endEmailSearch(db, search.id, { status: 'error', error: message });
  if (search.reservationId && ended) await returnReservation(db, search.reservationId, 'released');
}

/**
 * Ends a running email search (once: a search already ended is left as it is, answered undefined) and, in
 * the same transaction, emits `email_search.completed` to its owner's webhooks.
 */
async function endEmailSearch(
  db: Database,
  id: string,
  end: { status: 'completed'; total: SQL } | { status: 'error'; error: string },
) {
  const { ended, events } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailSearches)
      .set({ ...end, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(emailSearches.id, id), eq(emailSearches.status, 'running')))
      .returning();
    return { ended: row, events: row ? await emitEmailSearchCompleted(tx, row) : 0 };
  });
  if (events > 0) wakeWebhookSenders();
  return ended;
}
