import type { EmailCheckResult, LeadProfile, LeadSearch, SearchTree } from '@hound/contracts';
import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  type EmailSearchRow,
  emailSearches,
  emailSearchResults,
  type SearchRow,
  searchEmailLeads,
  searches,
  searchHeldLeads,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { searchNotFound } from './get-search-status.ts';
import { readStoredResults } from './result-batches.ts';

/** An email lead nobody has searched yet (an email search costs a credit: its owner starts it). */
export const EMAIL_LEAD_STATUS = 'not_started';
/** A username lead kept but not searched: a limit of its owner's account was reached (decision 116). */
export const HELD_LEAD_STATUS = 'not_searched';

export const EMAIL_TREE_SIGN_IN_MESSAGE = 'Sign in to see the tree of your email search.';

/** Who asks: an email search and what it led to are shown to its owner only (email searches are theirs). */
export interface TreeViewer {
  userId?: string;
}

interface Node {
  search: LeadSearch;
  createdAt: Date;
  /** A username search's stored results, or an email search's: read for the profiles. */
  results?: { kind: 'username'; id: string } | { kind: 'email'; id: string };
}

/**
 * `GET /api/search/{id}/tree` (issue 29, decision 116): the search and everything its leads led to below
 * it, with why, and each found profile with its facts (`hound-tree/1`). The id is a username search's
 * (read with its id, like its status: a child's id opens its subtree only, never the searches above it) or
 * an email search's (its owner only: anonymous 401, anyone else 404). Inside a username tree, an email
 * search a lead started is shown with its answers and the searches below it to the tree's owner only;
 * anyone else holding the id sees the lead and its status.
 */
export async function getSearchTree(db: Database, searchId: string, viewer: TreeViewer = {}): Promise<SearchTree> {
  const top = await topOf(db, searchId, viewer);
  const rootId = top.rootId ?? top.id;
  const [usernames, emails, leads, held] = await Promise.all([
    db
      .select()
      .from(searches)
      .where(or(eq(searches.id, rootId), eq(searches.rootId, rootId))),
    db
      .select()
      .from(emailSearches)
      .where(or(eq(emailSearches.id, rootId), eq(emailSearches.rootId, rootId))),
    db.select().from(searchEmailLeads).where(eq(searchEmailLeads.rootId, rootId)),
    db.select().from(searchHeldLeads).where(eq(searchHeldLeads.rootId, rootId)),
  ]);
  const visible = new Map(emails.filter((e) => e.userId === viewer.userId).map((e) => [e.id, e]));
  const nodes: Node[] = usernames.map((row) => usernameNode(row));
  for (const row of visible.values()) if (row.id === rootId) nodes.push(emailNode(row, null));
  for (const lead of leads) {
    const search = lead.emailSearchId ? emails.find((e) => e.id === lead.emailSearchId) : undefined;
    if (search && visible.has(search.id)) {
      nodes.push(emailNode(search, lead));
      continue;
    }
    nodes.push({
      createdAt: lead.createdAt,
      search: {
        id: lead.id,
        kind: 'email',
        query: lead.email,
        parent_id: lead.searchId,
        depth: lead.depth,
        reason: lead.reason,
        status: search?.status ?? EMAIL_LEAD_STATUS,
        lead_id: lead.id,
      },
    });
  }
  for (const lead of held) {
    nodes.push({
      createdAt: lead.createdAt,
      search: {
        id: lead.id,
        kind: 'username',
        query: lead.username,
        parent_id: lead.searchId ?? lead.emailSearchId,
        depth: lead.depth,
        reason: lead.reason,
        status: HELD_LEAD_STATUS,
        held: lead.held,
      },
    });
  }
  // Parents come before their children: a parent is always one level up.
  nodes.sort((a, b) => a.search.depth - b.search.depth || a.createdAt.getTime() - b.createdAt.getTime());
  const inside = new Set([top.id]);
  const tree = nodes.filter((n) => {
    if (n.search.id === top.id) return true;
    if (!n.search.parent_id || !inside.has(n.search.parent_id)) return false;
    inside.add(n.search.id);
    return true;
  });
  const profiles: LeadProfile[] = [];
  for (const node of tree) {
    if (node.results?.kind === 'username') {
      for (const { platform, result } of await readStoredResults(db, node.results.id)) {
        if (result.verdict !== 'found') continue;
        profiles.push({
          search_id: node.search.id,
          site: platform,
          url: result.url,
          ...(result.category ? { category: result.category } : {}),
          facts: result.facts ?? [],
        });
      }
    } else if (node.results?.kind === 'email') {
      profiles.push(...(await emailProfiles(db, node.results.id)));
    }
  }
  return { format: 'hound-tree/1', root_id: top.id, searches: tree.map((n) => n.search), profiles };
}

/** The row asked for: a username search (anyone with its id), else the viewer's own email search. */
async function topOf(db: Database, id: string, viewer: TreeViewer): Promise<{ id: string; rootId: string | null }> {
  const [row] = await db.select({ id: searches.id, rootId: searches.rootId }).from(searches).where(eq(searches.id, id));
  if (row) return row;
  const [email] = await db
    .select({ id: emailSearches.id, rootId: emailSearches.rootId, userId: emailSearches.userId })
    .from(emailSearches)
    .where(eq(emailSearches.id, id));
  if (email && !viewer.userId) throw new AppError('AUTH_REQUIRED', EMAIL_TREE_SIGN_IN_MESSAGE);
  if (!email || email.userId !== viewer.userId) throw searchNotFound();
  return email;
}

function usernameNode(row: SearchRow): Node {
  return {
    createdAt: row.createdAt,
    results: { kind: 'username', id: row.id },
    search: {
      id: row.id,
      kind: 'username',
      query: row.username,
      parent_id: row.parentId ?? row.parentEmailSearchId ?? null,
      depth: row.depth,
      reason: row.reason ?? null,
      status: row.status,
      follow_depth: row.followDepth,
    },
  };
}

function emailNode(row: EmailSearchRow, lead: typeof searchEmailLeads.$inferSelect | null): Node {
  return {
    createdAt: lead?.createdAt ?? row.createdAt,
    results: { kind: 'email', id: row.id },
    search: {
      id: row.id,
      kind: 'email',
      query: row.email,
      parent_id: lead?.searchId ?? null,
      depth: row.depth,
      reason: lead?.reason ?? null,
      status: row.status,
      follow_depth: row.followDepth,
      ...(lead ? { lead_id: lead.id } : {}),
    },
  };
}

/** An email search's found answers as the tree's profiles (no facts: an answer is not a profile page). */
async function emailProfiles(db: Database, id: string): Promise<LeadProfile[]> {
  const rows = await db
    .select({ result: emailSearchResults.result })
    .from(emailSearchResults)
    .where(eq(emailSearchResults.searchId, id));
  return rows
    .map((r) => r.result as EmailCheckResult)
    .filter((r) => r.verdict === 'found')
    .map((r) => ({
      search_id: id,
      site: r.name,
      url: r.url,
      ...(r.category ? { category: r.category } : {}),
      facts: [],
    }));
}
