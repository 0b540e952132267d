/**
 * The "Leads" of a search that follows leads (issue 29, decision 111): its child searches as the tree
 * (`GET /api/search/{id}/tree`) lists them, and whether the tree may still change. Pure, for the section.
 */
import type { LeadReason, LeadSearch, SearchTree } from '@hound/contracts';
import type { leadsEn } from '../../i18n/leads-en.ts';
import { fill } from '../../lib/format.ts';

export interface Lead {
  search: LeadSearch;
  /** The query of the search whose profile named it. */
  parentQuery: string | null;
  /** Found profiles of this search (an email search's: the sites where the address has an account). */
  found: number;
}

/**
 * Why a lead was followed, in the page's language where the tree says enough (a profile's link, an email
 * search's pivot); otherwise the server's sentence.
 */
export function reasonText(reason: LeadReason | null, parentQuery: string | null, t: typeof leadsEn): string {
  if (!reason) return '';
  if (parentQuery && reason.pivot === 'local_part') return fill(t.localPart, { email: parentQuery });
  if (parentQuery && reason.from_site && reason.pivot === 'returned_username')
    return fill(t.returned, { site: reason.from_site, query: parentQuery });
  if (parentQuery && reason.from_site && reason.fact_kind === 'username')
    return fill(t.reason, { site: reason.from_site, query: parentQuery });
  return reason.text;
}

/** An address a profile stated that nobody has searched yet: its owner may start it (one credit). */
export const startable = (search: LeadSearch) =>
  search.kind === 'email' && search.status === 'not_started' && !!search.lead_id;

const ACTIVE = new Set(['queued', 'running']);

/** Polls allowed for a tree that follows leads but has none yet: they are started just after the root ends. */
export const LEAD_GRACE_POLLS = 5;

/** The searches below the tree's root, parents before children (the tree's order). */
export function leadsOf(tree: SearchTree): Lead[] {
  const byId = new Map(tree.searches.map((s) => [s.id, s]));
  const found = new Map<string, number>();
  for (const p of tree.profiles) found.set(p.search_id, (found.get(p.search_id) ?? 0) + 1);
  return tree.searches
    .filter((s) => s.id !== tree.root_id)
    .map((search) => ({
      search,
      parentQuery: (search.parent_id && byId.get(search.parent_id)?.query) || null,
      found: found.get(search.id) ?? 0,
    }));
}

/** The tree's root follows leads below itself (the server says how far). */
export function followsLeads(tree: SearchTree): boolean {
  const root = tree.searches.find((s) => s.id === tree.root_id);
  return !!root && (root.follow_depth ?? 0) > root.depth;
}

/**
 * Ask again while a lead's search is queued or running, or — for a few polls — while a tree that follows leads
 * shows none yet (the server starts them right after the root completes). Stop once everything has ended.
 */
export function pollAgain(tree: SearchTree, polls: number): boolean {
  const leads = leadsOf(tree);
  if (leads.some((l) => ACTIVE.has(l.search.status))) return true;
  return leads.length === 0 && followsLeads(tree) && polls < LEAD_GRACE_POLLS;
}

/** The usernames (lower case) the searches directly below `searchId` searched: an email search's followed pivot. */
export function searchedLeads(tree: SearchTree | null, searchId: string | null): ReadonlySet<string> {
  if (!tree || !searchId) return new Set();
  return new Set(
    tree.searches.filter((s) => s.parent_id === searchId && s.kind === 'username').map((s) => s.query.toLowerCase()),
  );
}
