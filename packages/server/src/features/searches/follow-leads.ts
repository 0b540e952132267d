import { type EmailCheckResult, FOLLOW_LIMITS, type SearchScope } from '@hound/contracts';
import { type Engine, type Lead, type LeadSource, leadKey, pickLeads } from '@hound/engine';
import { eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import {
  type EmailSearchRow,
  emailSearches,
  type SearchRow,
  searchEmailLeads,
  searches,
  searchHeldLeads,
} from '../../db/schema/index.ts';
import { isAppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { SearchLimiter } from '../../limits/search-limiter.ts';
import { readStoredResults } from './result-batches.ts';
import { newSearchId } from './search-id.ts';
import { ENQUEUE_FAILED_MESSAGE } from './search-messages.ts';
import { validateUsername } from './validate-username.ts';

export interface FollowDeps {
  db: Database;
  queue: JobQueue;
  limiter: SearchLimiter;
  log: FastifyBaseLogger;
}

/** Usernames a lead may carry here: the rule every search's username follows (validate-username.ts). */
function acceptable(username: string): string | undefined {
  try {
    return validateUsername(username);
  } catch (error) {
    if (isAppError(error)) return undefined;
    throw error;
  }
}

/** The search a lead was found in: a username search, or an email search (its pivot, decision 116). */
type Parent =
  | { kind: 'username'; row: SearchRow; rootId: string; depth: number }
  | { kind: 'email'; row: EmailSearchRow; rootId: string; depth: number };

/** What a tree already holds: every name and address in it, and how many new names each level has. */
async function treeState(db: Database, rootId: string) {
  const [usernames, emails, emailRoots, held] = await Promise.all([
    db
      .select({ id: searches.id, username: searches.username, depth: searches.depth, status: searches.status })
      .from(searches)
      .where(or(eq(searches.id, rootId), eq(searches.rootId, rootId))),
    db
      .select({ email: searchEmailLeads.email, depth: searchEmailLeads.depth })
      .from(searchEmailLeads)
      .where(eq(searchEmailLeads.rootId, rootId)),
    // An email search at the root, or one a lead started (its lead row names the same address).
    db
      .select({ email: emailSearches.email, depth: emailSearches.depth })
      .from(emailSearches)
      .where(eq(emailSearches.id, rootId)),
    db
      .select({ username: searchHeldLeads.username, depth: searchHeldLeads.depth })
      .from(searchHeldLeads)
      .where(eq(searchHeldLeads.rootId, rootId)),
  ]);
  const seen = new Set([
    ...usernames.map((s) => leadKey('username', s.username)),
    ...held.map((s) => leadKey('username', s.username)),
    ...emails.map((e) => leadKey('email', e.email)),
    ...emailRoots.map((e) => leadKey('email', e.email)),
  ]);
  const atDepth = (depth: number) => [...usernames, ...emails, ...held].filter((s) => s.depth === depth).length;
  const cancelled = usernames.some((s) => s.id === rootId && s.status === 'cancelled');
  return { seen, atDepth, cancelled };
}

/**
 * After a search of a recursive tree completes (decision 111): the usernames its found profiles link to
 * become child searches — same owner, scope and facts mode, queued like any search — and the addresses
 * they state are kept as email leads (an email search costs a credit: the user starts it). At most
 * FOLLOW_LIMITS.maxNewNamesPerLevel new names per level of the tree, never a name the tree already has,
 * never deeper than the root asked. Facts come only from `found` results (the stored ones).
 */
export async function followLeads(deps: FollowDeps, engine: Engine, parent: SearchRow): Promise<number> {
  const depth = parent.depth + 1;
  if (depth > parent.followDepth || depth > FOLLOW_LIMITS.maxDepth) return 0;
  const rootId = parent.rootId ?? parent.id;
  const tree = await treeState(deps.db, rootId);
  if (tree.cancelled) return 0;
  const room = FOLLOW_LIMITS.maxNewNamesPerLevel - tree.atDepth(depth);
  if (room <= 0) return 0;
  const sources: LeadSource[] = (await readStoredResults(deps.db, parent.id)).map(({ platform, result }) => ({
    name: platform,
    url: result.url,
    verdict: result.verdict,
    ...(result.facts ? { facts: result.facts } : {}),
  }));
  const leads = pickLeads({ kind: 'username', query: parent.username }, sources, tree.seen, room);
  const total = engine.countSites(parent.scope ?? {});
  return startLeads(deps, total, { kind: 'username', row: parent, rootId, depth }, leads);
}

/**
 * The pivot of an email search that follows leads (decisions 107, 116): its local part, then the usernames
 * its found answers returned, become username searches below it, under the same bounds as any tree.
 */
export async function followEmailLeads(
  deps: FollowDeps,
  /** The username searches' engine, for their site count; not loaded yet: 0 until they run. */
  engine: Engine | undefined,
  parent: EmailSearchRow,
  results: readonly EmailCheckResult[],
): Promise<number> {
  const depth = parent.depth + 1;
  if (depth > parent.followDepth || depth > FOLLOW_LIMITS.maxDepth) return 0;
  const rootId = parent.rootId ?? parent.id;
  const tree = await treeState(deps.db, rootId);
  // A lead's email search in a cancelled username tree starts nothing more.
  if (tree.cancelled) return 0;
  tree.seen.add(leadKey('email', parent.email));
  const room = FOLLOW_LIMITS.maxNewNamesPerLevel - tree.atDepth(depth);
  if (room <= 0) return 0;
  const leads: Lead[] = [];
  const local = acceptable(parent.email.slice(0, parent.email.lastIndexOf('@')));
  if (local && !tree.seen.has(leadKey('username', local))) {
    tree.seen.add(leadKey('username', local));
    leads.push({
      kind: 'username',
      query: local,
      reason: { text: `the local part of ${parent.email}`, pivot: 'local_part' },
    });
  }
  const sources: LeadSource[] = results.map((r) => ({
    name: r.name,
    url: r.url,
    verdict: r.verdict,
    ...(r.usernames ? { usernames: r.usernames } : {}),
  }));
  for (const lead of pickLeads({ kind: 'email', query: parent.email }, sources, tree.seen, room - leads.length)) {
    leads.push({ ...lead, reason: { ...lead.reason, pivot: 'returned_username' } });
  }
  const total = engine?.countSites({}) ?? 0;
  return startLeads(deps, total, { kind: 'email', row: parent, rootId, depth }, leads.slice(0, room));
}

/**
 * Stores the leads below `parent`: an address as an email lead; a username as a queued child search when
 * its owner's account has room (decision 116: a lead's search counts against the account's active and
 * daily limits), else as a held lead saying which limit stopped it. Queued after the rows are stored (no
 * queue call inside a statement); a child the queue refuses ends as an error the tree shows.
 */
async function startLeads(deps: FollowDeps, total: number, parent: Parent, leads: Lead[]): Promise<number> {
  const { db } = deps;
  const { rootId, depth } = parent;
  const userId = parent.row.userId;
  const scope: SearchScope | null = parent.kind === 'username' ? parent.row.scope : null;
  const under =
    parent.kind === 'username'
      ? { parentId: parent.row.id, parentEmailSearchId: null }
      : { parentId: null, parentEmailSearchId: parent.row.id };
  const children: string[] = [];
  for (const lead of leads) {
    if (lead.kind === 'email') {
      // Only a username search's profiles state addresses; an email search's answers name usernames.
      if (parent.kind !== 'username') continue;
      await db.insert(searchEmailLeads).values({
        id: newId(),
        searchId: parent.row.id,
        rootId,
        email: lead.query,
        depth,
        reason: lead.reason,
      });
      continue;
    }
    const username = acceptable(lead.query);
    if (!username) continue;
    const id = newSearchId();
    const refusal = await deps.limiter.acquire(id, userId ? { userId } : {});
    if (refusal) {
      await db.insert(searchHeldLeads).values({
        id,
        searchId: under.parentId,
        emailSearchId: under.parentEmailSearchId,
        rootId,
        username,
        depth,
        reason: lead.reason,
        held: refusal,
      });
      continue;
    }
    try {
      await db.insert(searches).values({
        id,
        username,
        deviceId: parent.kind === 'username' ? parent.row.deviceId : null,
        userId,
        status: 'queued',
        scope,
        total,
        ...under,
        rootId,
        depth,
        reason: lead.reason,
        followDepth: parent.row.followDepth,
        factsMode: parent.kind === 'username' ? parent.row.factsMode : null,
      });
    } catch (error) {
      await deps.limiter.release(id);
      throw error;
    }
    children.push(id);
  }
  for (const id of children) {
    try {
      await deps.queue.enqueue({ searchId: id });
    } catch (error) {
      deps.log.error({ err: error, searchId: id }, 'enqueue of a lead failed');
      await db
        .update(searches)
        .set({ status: 'error', error: ENQUEUE_FAILED_MESSAGE, finishedAt: new Date() })
        .where(eq(searches.id, id));
      await deps.limiter.release(id).catch(() => {});
    }
  }
  if (leads.length > 0) deps.log.info({ searchId: parent.row.id, leads: leads.length }, 'leads followed');
  return leads.length;
}
