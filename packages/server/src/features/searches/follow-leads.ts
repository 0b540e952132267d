import { FOLLOW_LIMITS, type SearchScope } from '@hound/contracts';
import { type Engine, type LeadSource, leadKey, pickLeads } from '@hound/engine';
import { eq, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type SearchRow, searchEmailLeads, searches } from '../../db/schema/index.ts';
import { isAppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { readStoredResults } from './result-batches.ts';
import { newSearchId } from './search-id.ts';
import { ENQUEUE_FAILED_MESSAGE } from './start-search.ts';
import { validateUsername } from './validate-username.ts';

export interface FollowDeps {
  db: Database;
  queue: JobQueue;
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
  const { db } = deps;
  const rootId = parent.rootId ?? parent.id;
  const [tree, emails] = await Promise.all([
    db
      .select({ id: searches.id, username: searches.username, depth: searches.depth, status: searches.status })
      .from(searches)
      .where(or(eq(searches.id, rootId), eq(searches.rootId, rootId))),
    db
      .select({ email: searchEmailLeads.email, depth: searchEmailLeads.depth })
      .from(searchEmailLeads)
      .where(eq(searchEmailLeads.rootId, rootId)),
  ]);
  // A cancelled tree starts nothing more.
  if (tree.some((s) => s.id === rootId && s.status === 'cancelled')) return 0;
  const seen = new Set([
    ...tree.map((s) => leadKey('username', s.username)),
    ...emails.map((e) => leadKey('email', e.email)),
  ]);
  const used = tree.filter((s) => s.depth === depth).length + emails.filter((e) => e.depth === depth).length;
  const room = FOLLOW_LIMITS.maxNewNamesPerLevel - used;
  if (room <= 0) return 0;
  const sources: LeadSource[] = (await readStoredResults(db, parent.id)).map(({ platform, result }) => ({
    name: platform,
    url: result.url,
    verdict: result.verdict,
    ...(result.facts ? { facts: result.facts } : {}),
  }));
  const leads = pickLeads({ kind: 'username', query: parent.username }, sources, seen, room);
  const scope: SearchScope = parent.scope ?? {};
  const total = engine.countSites(scope);
  const children: string[] = [];
  for (const lead of leads) {
    if (lead.kind === 'email') {
      await db.insert(searchEmailLeads).values({
        id: newId(),
        searchId: parent.id,
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
    await db.insert(searches).values({
      id,
      username,
      deviceId: parent.deviceId,
      userId: parent.userId,
      status: 'queued',
      scope: parent.scope,
      total,
      parentId: parent.id,
      rootId,
      depth,
      reason: lead.reason,
      followDepth: parent.followDepth,
      factsMode: parent.factsMode,
    });
    children.push(id);
  }
  // Queued after the rows are stored (no queue call inside a statement); a child the queue refuses ends
  // as an error the tree shows.
  for (const id of children) {
    try {
      await deps.queue.enqueue({ searchId: id });
    } catch (error) {
      deps.log.error({ err: error, searchId: id }, 'enqueue of a lead failed');
      await db
        .update(searches)
        .set({ status: 'error', error: ENQUEUE_FAILED_MESSAGE, finishedAt: new Date() })
        .where(eq(searches.id, id));
    }
  }
  if (leads.length > 0) deps.log.info({ searchId: parent.id, leads: leads.length }, 'leads followed');
  return leads.length;
}
