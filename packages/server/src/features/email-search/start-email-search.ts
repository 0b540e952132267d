import { EMAIL_SEARCH_MESSAGES, emailSearchProblem, FOLLOW_LIMITS } from '@hound/contracts';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { EngineHost } from '../../catalogues/engine-host.ts';
import type { Database } from '../../db/client.ts';
import { emailSearches, searchEmailLeads, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import { payForSearch, StartedAlready } from '../credits/reservations.ts';
import { type EmailRunDeps, runEmailSearch } from './run-email-search.ts';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key started a search of another address.';

export interface EmailSearchDeps extends EmailRunDeps {
  engines: EngineHost;
  /** Searches running in this process, so shutdown can stop them. */
  running: Map<string, { controller: AbortController; done: Promise<void> }>;
  now(): Date;
  metrics?: Metrics;
  /** Email searches one account may run at once (`LIMIT_EMAIL_ACTIVE_PER_ACCOUNT`). */
  activePerAccount?: number;
}

export const EMAIL_ACTIVE_PER_ACCOUNT_DEFAULT = 3;
/** A running search older than this no longer counts (a process that died left it; recovery ends it). */
const STALE_RUNNING_MS = 60 * 60_000;

/** The email lead of a search tree an email search is started for (decision 116). */
export interface LeadOfTree {
  id: string;
  rootId: string;
  depth: number;
}

/**
 * At most `activePerAccount` email searches of one account run at once (issue 38 item 5): each holds an
 * API process's checks for a minute or more, and a credit balance is no bound (an admin can grant 1000).
 * Checked after paying, inside the same transaction, so a retried start still answers its running search
 * and a refused one takes nothing.
 */
async function refuseBeyondActiveLimit(
  tx: Pick<Database, 'select'>,
  deps: Pick<EmailSearchDeps, 'activePerAccount' | 'now'>,
  userId: string,
): Promise<void> {
  const limit = deps.activePerAccount ?? EMAIL_ACTIVE_PER_ACCOUNT_DEFAULT;
  const since = new Date(deps.now().getTime() - STALE_RUNNING_MS);
  const [running] = await tx
    .select({ n: count() })
    .from(emailSearches)
    .where(
      and(eq(emailSearches.userId, userId), eq(emailSearches.status, 'running'), gt(emailSearches.createdAt, since)),
    );
  if ((running?.n ?? 0) >= limit) {
    throw new AppError(
      'EMAIL_SEARCH_TOO_MANY_ACTIVE',
      EMAIL_SEARCH_MESSAGES.tooManyActive.replace('{count}', String(limit)),
    );
  }
}

/**
 * Starts an email search for a signed-in user: validates the address (spec messages), pays with the
 * user's reserved credit or reserves one now ("Not enough credits"), stores the search and runs it here.
 * `charge: false` is for searches already paid for otherwise (an Email Plus order's automated search);
 * `adult: true` also asks adult sites (left out by default).
 * `requestKey` (the client's `Idempotency-Key`): a retried start pays with that key's reservation and,
 * when the first try did begin a search, answers that search again.
 * `followDepth` (1–2): its pivot's usernames become searches below it (decision 116). `lead`: the search is
 * that email lead's, in its tree; a lead is searched once — a second start answers the first one's search.
 */
export async function startEmailSearch(
  deps: EmailSearchDeps,
  userId: string,
  input: string,
  options: {
    charge?: boolean;
    adult?: boolean;
    requestKey?: string;
    followDepth?: number;
    lead?: LeadOfTree;
    /** Started with this API key: it pays with a new credit, and the ledger and the search carry the key. */
    apiKeyId?: string;
  } = {},
): Promise<{ id: string; done: Promise<void>; replayed: boolean }> {
  const problem = emailSearchProblem(input);
  if (problem) throw new AppError('EMAIL_ADDRESS_INVALID', problem);
  const email = input.trim().toLowerCase();
  const lease = deps.engines.lease();
  if (!lease) throw new AppError('EMAIL_SEARCH_UNAVAILABLE', EMAIL_SEARCH_MESSAGES.notReady);
  const id = newId();
  let reservationId: string | null;
  try {
    // Payment and the search row commit together: a start that fails takes no credit, and one credit
    // (one reservation) is never claimed by two starts.
    reservationId = await deps.db.transaction(async (tx) => {
      if (options.lead) {
        // The lead's row is locked first: parallel clicks wait here, and all but the first find it started.
        const [lead] = await tx
          .select({ emailSearchId: searchEmailLeads.emailSearchId })
          .from(searchEmailLeads)
          .where(eq(searchEmailLeads.id, options.lead.id))
          .for('update');
        if (lead?.emailSearchId) throw new StartedAlready(lead.emailSearchId);
      }
      // The user's row is held until commit, so parallel starts of one account count one after another.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const paid =
        options.charge === false
          ? null
          : await payForSearch(tx, userId, id, deps.now(), options.requestKey, options.apiKeyId);
      await refuseBeyondActiveLimit(tx, deps, userId);
      await tx.insert(emailSearches).values({
        id,
        userId,
        email,
        status: 'running',
        reservationId: paid,
        total: lease.engine.countEmailChecks({ adult: options.adult === true }),
        rootId: options.lead?.rootId ?? null,
        depth: options.lead?.depth ?? 0,
        followDepth: Math.min(options.followDepth ?? 0, FOLLOW_LIMITS.maxDepth),
        apiKeyId: options.apiKeyId ?? null,
      });
      if (options.lead) {
        await tx.update(searchEmailLeads).set({ emailSearchId: id }).where(eq(searchEmailLeads.id, options.lead.id));
      }
      await tx
        .update(users)
        .set({ searchCount: sql`${users.searchCount} + 1` })
        .where(eq(users.id, userId));
      return paid;
    });
  } catch (error) {
    lease.release();
    // A retry of a start whose answer was lost: the same search, no second credit (issue 27 item 6).
    if (error instanceof StartedAlready) {
      const [first] = await deps.db
        .select({ email: emailSearches.email })
        .from(emailSearches)
        .where(eq(emailSearches.id, error.searchId));
      if (first?.email !== email) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_MESSAGE);
      }
      return {
        id: error.searchId,
        done: deps.running.get(error.searchId)?.done ?? Promise.resolve(),
        replayed: true,
      };
    }
    throw error;
  }
  deps.metrics?.emailSearchesStarted.inc();
  const controller = new AbortController();
  const search = { id, email, reservationId, adult: options.adult === true };
  const done = runEmailSearch(deps, lease.engine, search, controller.signal).finally(() => {
    lease.release();
    deps.running.delete(id);
  });
  deps.running.set(id, { controller, done });
  return { id, done, replayed: false };
}
