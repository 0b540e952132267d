/**
 * The identity graph of a search tree (`hound-tree/1`, issue 29): the searches (usernames, emails), the
 * profiles they found, and the facts that tie profiles together (the same website or avatar, links between
 * profiles, usernames, emails and account ids they name). Pure: no DOM, no React, so it is tested directly
 * and shared by the view and the exports. Every edge says why it exists, in the caller's language.
 */
import type { LeadProfile, LeadSearch, ProfileFact, SearchTree } from '@hound/contracts';
import { en } from '../../i18n/en.ts';
import { fill } from '../../lib/format.ts';
import { isWebLink } from '../../lib/web-link.ts';
import { categoryOf, groupOf, SPEC_GROUPS, type SpecGroup } from '../search/categories.ts';

/**
 * `username` / `email`: a search of the tree, or a name or address a profile states that was not searched.
 * `website` / `avatar`: a page or picture stated by at least two profiles (one profile's own website is only
 * one of its facts). `account`: an account id on another site. `group`: a search's found profiles that state
 * nothing and tie to nothing else, of one category, when the search has many (a disc of hundreds of unlabelled
 * dots says nothing; "Gaming · 23" does).
 */
export type NodeKind = 'username' | 'email' | 'profile' | 'group' | 'website' | 'avatar' | 'account';
export const NODE_KINDS: readonly NodeKind[] = [
  'username',
  'email',
  'profile',
  'group',
  'website',
  'avatar',
  'account',
];

/** A search groups its loose profiles (no facts, no tie) by category once it has at least this many. */
export const GROUP_MIN = 12;

export interface GraphNode {
  index: number;
  /** Stable within one tree: `s:<search id>`, `p:<search id>:<url>`, `w:<url>`, `a:<avatar>`, … */
  id: string;
  kind: NodeKind;
  label: string;
  /** An http(s) address to open (profile, website, avatar), or null. */
  url: string | null;
  /** The search this node is (search nodes) or was found by (profiles); null for fact nodes. */
  searchId: string | null;
  /** Search depth: of the search, of the profile's search, or the lowest of the profiles that state it. */
  depth: number;
  /** Search nodes only. */
  search: LeadSearch | null;
  /** Profiles: the site; accounts: the site the id belongs to. */
  site: string | null;
  /** Profiles: what the page states, each with its source. */
  facts: readonly ProfileFact[];
  /** Groups: the profiles it stands for. */
  members?: readonly LeadProfile[];
}

export type EdgeKind = 'found' | 'lead' | 'link' | 'website' | 'avatar' | 'email' | 'username' | 'account';
export const EDGE_KINDS: readonly EdgeKind[] = [
  'found',
  'lead',
  'link',
  'website',
  'avatar',
  'email',
  'username',
  'account',
];

export interface GraphEdge {
  index: number;
  source: number;
  target: number;
  kind: EdgeKind;
  /** Why the two are tied, in words. */
  reason: string;
}

export interface IdentityGraph {
  tree: SearchTree;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** The root search's node (index 0 when the tree has searches), or -1 for a tree without searches. */
  root: number;
  /** Edge indices per node. */
  adjacency: number[][];
  /** Search node → its child search nodes, in tree order (for the layout). */
  children: number[][];
  /** Search node → its profile nodes. */
  profilesOf: number[][];
}

/** The edge sentences; placeholders `{site}`, `{query}`, `{value}`. */
export interface ReasonStrings {
  found: string;
  lead: string;
  link: string;
  website: string;
  avatar: string;
  email: string;
  username: string;
  account: string;
}

/** How a group of profiles is named and tied to its search; placeholders `{group}`, `{count}`, `{query}`. */
export interface GroupStrings {
  label: string;
  reason: string;
  names: Readonly<Record<SpecGroup, string>>;
}

export const ENGLISH_GROUPS: GroupStrings = {
  label: en.graph.groups.label,
  reason: en.graph.groups.reason,
  names: en.categoryNames,
};

export const ENGLISH_REASONS: ReasonStrings = en.graph.reasons;

/**
 * The key two addresses share when they are the same page: no scheme, host lower case without `www.`, no
 * trailing slash or fragment. `http://www.Alice.dev/` and `https://alice.dev` are one website.
 */
export function pageKey(value: string): string {
  // A regular expression, not `new URL`: thousands of addresses per graph, and this is several times faster.
  const text = value.trim();
  const match = /^(?:(https?):\/\/)?([^/?#\s]+)([^?#]*)(\?[^#]*)?/i.exec(text);
  if (!match || (!match[1] && /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text))) return text.toLowerCase();
  const host = match[2]!
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/:(80|443)$/, '');
  const path = (match[3] ?? '').replace(/\/+$/, '');
  return `${host}${path}${match[4] ?? ''}`;
}

const nameKey = (value: string) => value.trim().replace(/^@/, '').toLowerCase();

interface Builder {
  nodes: GraphNode[];
  byId: Map<string, number>;
  edges: GraphEdge[];
  pairs: Set<string>;
}

function addNode(b: Builder, node: Omit<GraphNode, 'index'>): number {
  const known = b.byId.get(node.id);
  if (known !== undefined) return known;
  const index = b.nodes.length;
  b.nodes.push({ ...node, index });
  b.byId.set(node.id, index);
  return index;
}

/** One edge per pair of nodes whichever way round: the first reason found (tree order) is kept. */
function addEdge(b: Builder, source: number, target: number, kind: EdgeKind, reason: string): void {
  if (source === target) return;
  const pair = source < target ? `${source}:${target}` : `${target}:${source}`;
  if (b.pairs.has(pair)) return;
  b.pairs.add(pair);
  b.edges.push({ index: b.edges.length, source, target, kind, reason });
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Orders searches parent before child (by depth), keeping the tree's order otherwise. */
function searchOrder(searches: readonly LeadSearch[]): LeadSearch[] {
  const seen = new Set<string>();
  return searches
    .filter((s) => {
      if (seen.has(s.id)) return false;
      seen.add(s.id);
      return true;
    })
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.depth - b.s.depth || a.i - b.i)
    .map(({ s }) => s);
}

/**
 * Which profiles of each search become groups: those that state nothing, that no other profile links to and
 * that no lead came from, by category (the spec's six), when the search has `GROUP_MIN` of them or more. A
 * category with one such profile keeps it as a profile node. Keyed by the profile object.
 */
function groupedProfiles(tree: SearchTree, searches: readonly LeadSearch[]): Map<LeadProfile, SpecGroup> {
  const linked = new Set<string>();
  for (const p of tree.profiles)
    for (const f of p.facts) if (f.kind === 'link' || f.kind === 'website') linked.add(pageKey(f.value));
  const leadFrom = new Set<string>();
  for (const s of searches) {
    if (!s.parent_id) continue;
    if (s.reason?.from_url) leadFrom.add(`${s.parent_id}|${pageKey(s.reason.from_url)}`);
    if (s.reason?.from_site) leadFrom.add(`${s.parent_id}|site:${s.reason.from_site}`);
  }
  const loose = new Map<string, LeadProfile[]>();
  for (const p of tree.profiles) {
    if (p.facts.length > 0 || (p.url && linked.has(pageKey(p.url)))) continue;
    if (leadFrom.has(`${p.search_id}|${pageKey(p.url)}`) || leadFrom.has(`${p.search_id}|site:${p.site}`)) continue;
    push(loose, p.search_id, p);
  }
  const grouped = new Map<LeadProfile, SpecGroup>();
  for (const list of loose.values()) {
    if (list.length < GROUP_MIN) continue;
    const byGroup = new Map<SpecGroup, LeadProfile[]>();
    for (const p of list) push(byGroup, groupOf(categoryOf(p.site, p.category)), p);
    for (const [group, members] of byGroup) if (members.length > 1) for (const p of members) grouped.set(p, group);
  }
  return grouped;
}

export function buildGraph(
  tree: SearchTree,
  reasons: ReasonStrings = ENGLISH_REASONS,
  groupWords: GroupStrings = ENGLISH_GROUPS,
): IdentityGraph {
  const b: Builder = { nodes: [], byId: new Map(), edges: [], pairs: new Set() };
  const searches = searchOrder(tree.searches);
  const root = tree.searches.find((s) => s.id === tree.root_id) ?? searches[0];
  if (root) {
    searches.splice(searches.indexOf(root), 1);
    searches.unshift(root);
  }

  // Searches, and the names they searched (a profile that names one ties to that search).
  const searchNode = new Map<string, number>();
  const searchedName = new Map<string, number>();
  for (const s of searches) {
    const index = addNode(b, {
      id: `s:${s.id}`,
      kind: s.kind,
      label: s.query,
      url: null,
      searchId: s.id,
      depth: s.depth,
      search: s,
      site: null,
      facts: [],
    });
    searchNode.set(s.id, index);
    const key = `${s.kind}:${nameKey(s.query)}`;
    if (!searchedName.has(key)) searchedName.set(key, index);
  }

  // Profiles under the search that found them (an orphan under the root, so nothing is lost); a search's many
  // loose ones in groups by category.
  const profileByPage = new Map<string, number>();
  const profilesOf = new Map<number, number[]>();
  const pageOf = new Map<number, string>();
  const grouped = groupedProfiles(tree, searches);
  const groups = new Map<string, { parent: number; group: SpecGroup; members: LeadProfile[] }>();
  const seen = new Set<string>();
  for (const p of tree.profiles) {
    const parent = searchNode.get(p.search_id) ?? (root ? searchNode.get(root.id) : undefined);
    // The site is part of the id: an email search's answers often have no page (url '') and are each a profile.
    const id = `p:${p.search_id}:${p.site}:${p.url}`;
    if (parent === undefined || seen.has(id)) continue;
    seen.add(id);
    const group = grouped.get(p);
    if (group) {
      const key = `${parent}:${group}`;
      const entry = groups.get(key) ?? { parent, group, members: [] };
      entry.members.push(p);
      groups.set(key, entry);
      continue;
    }
    const search = b.nodes[parent]!.search!;
    const index = addNode(b, {
      id,
      kind: 'profile',
      label: p.site,
      url: isWebLink(p.url) ? p.url : null,
      searchId: search.id,
      depth: search.depth,
      search: null,
      site: p.site,
      facts: p.facts,
    });
    addEdge(b, parent, index, 'found', fill(reasons.found, { site: p.site, query: search.query }));
    push(profilesOf, parent, index);
    const key = pageKey(p.url);
    pageOf.set(index, key);
    if (!profileByPage.has(key)) profileByPage.set(key, index);
  }

  for (const { parent, group, members } of [...groups.values()].sort(
    (a, b) => a.parent - b.parent || SPEC_GROUPS.indexOf(a.group) - SPEC_GROUPS.indexOf(b.group),
  )) {
    const search = b.nodes[parent]!.search!;
    const words = { group: groupWords.names[group], count: members.length, query: search.query };
    const index = addNode(b, {
      id: `g:${search.id}:${group}`,
      kind: 'group',
      label: fill(groupWords.label, words),
      url: null,
      searchId: search.id,
      depth: search.depth,
      search: null,
      site: null,
      facts: [],
      members,
    });
    addEdge(b, parent, index, 'found', fill(groupWords.reason, words));
    push(profilesOf, parent, index);
  }

  // Why each child search exists: from the profile that named it when the tree says which, else its parent.
  const children = new Map<number, number[]>();
  for (const s of searches) {
    if (!s.parent_id) continue;
    const parent = searchNode.get(s.parent_id);
    const child = searchNode.get(s.id)!;
    if (parent === undefined || parent === child) continue;
    push(children, parent, child);
    const parentProfiles = profilesOf.get(parent) ?? [];
    const from =
      (s.reason?.from_url ? parentProfiles.find((i) => pageOf.get(i) === pageKey(s.reason!.from_url!)) : undefined) ??
      (s.reason?.from_site ? parentProfiles.find((i) => b.nodes[i]!.site === s.reason!.from_site) : undefined) ??
      parent;
    addEdge(b, from, child, 'lead', s.reason?.text || fill(reasons.lead, { query: b.nodes[parent]!.label }));
  }

  // Facts that tie. Websites and avatars become nodes only when two profiles share one.
  const shared = { website: new Map<string, number[]>(), avatar: new Map<string, number[]>() };
  const sharedValue = new Map<string, string>();
  const profileCount = b.nodes.length;
  for (let index = 0; index < profileCount; index++) {
    const node = b.nodes[index]!;
    if (node.kind !== 'profile') continue;
    const site = node.site ?? '';
    for (const fact of node.facts) {
      const value = fact.value.trim();
      if (!value) continue;
      switch (fact.kind) {
        case 'link':
        case 'website': {
          const page = profileByPage.get(pageKey(value));
          if (page !== undefined && page !== index) {
            addEdge(b, index, page, 'link', fill(reasons.link, { site }));
          } else if (fact.kind === 'website') {
            const key = pageKey(value);
            push(shared.website, key, index);
            if (!sharedValue.has(`w:${key}`)) sharedValue.set(`w:${key}`, value);
          }
          break;
        }
        case 'avatar': {
          const key = isWebLink(value) ? pageKey(value) : value;
          push(shared.avatar, key, index);
          if (!sharedValue.has(`a:${key}`)) sharedValue.set(`a:${key}`, value);
          break;
        }
        case 'email':
        case 'username': {
          const kind = fact.kind;
          const key = nameKey(value);
          const target =
            searchedName.get(`${kind}:${key}`) ??
            addNode(b, {
              id: `${kind === 'email' ? 'e' : 'u'}:${key}`,
              kind,
              label: value.replace(/^@/, ''),
              url: null,
              searchId: null,
              depth: node.depth,
              search: null,
              site: null,
              facts: [],
            });
          addEdge(b, index, target, kind, fill(reasons[kind], { site, value }));
          break;
        }
        case 'account_id': {
          const owner = fact.site ?? '';
          const target = addNode(b, {
            id: `i:${owner.toLowerCase()}:${value}`,
            kind: 'account',
            label: owner ? `${owner}: ${value}` : value,
            url: null,
            searchId: null,
            depth: node.depth,
            search: null,
            site: owner || null,
            facts: [],
          });
          addEdge(b, index, target, 'account', fill(reasons.account, { site, value }));
          break;
        }
        default:
          break;
      }
    }
  }
  for (const kind of ['website', 'avatar'] as const) {
    for (const [key, profiles] of shared[kind]) {
      const distinct = [...new Set(profiles)];
      if (distinct.length < 2) continue;
      const value = sharedValue.get(`${kind[0]}:${key}`)!;
      const target = addNode(b, {
        id: `${kind[0]}:${key}`,
        kind,
        label: kind === 'website' ? key : value,
        url: isWebLink(value) ? value : null,
        searchId: null,
        depth: Math.min(...distinct.map((i) => b.nodes[i]!.depth)),
        search: null,
        site: null,
        facts: [],
      });
      for (const i of distinct)
        addEdge(b, i, target, kind, fill(reasons[kind], { site: b.nodes[i]!.site ?? '', value }));
    }
  }

  const adjacency: number[][] = b.nodes.map(() => []);
  for (const e of b.edges) {
    adjacency[e.source]!.push(e.index);
    adjacency[e.target]!.push(e.index);
  }
  // A fact node's depth is the lowest of the profiles that state it.
  for (const node of b.nodes) {
    if (node.kind === 'profile' || node.kind === 'group' || node.search) continue;
    for (const e of adjacency[node.index]!) {
      const other = b.edges[e]!.source === node.index ? b.edges[e]!.target : b.edges[e]!.source;
      node.depth = Math.min(node.depth, b.nodes[other]!.depth);
    }
  }
  return {
    tree,
    nodes: b.nodes,
    edges: b.edges,
    root: root ? 0 : -1,
    adjacency,
    children: b.nodes.map((_, i) => children.get(i) ?? []),
    profilesOf: b.nodes.map((_, i) => profilesOf.get(i) ?? []),
  };
}

/** The node at the other end of an edge. */
export function otherEnd(edge: GraphEdge, node: number): number {
  return edge.source === node ? edge.target : edge.source;
}

export function countByKind(graph: IdentityGraph): Record<NodeKind, number> {
  const counts = Object.fromEntries(NODE_KINDS.map((k) => [k, 0])) as Record<NodeKind, number>;
  for (const n of graph.nodes) counts[n.kind] += 1;
  return counts;
}

/** Found profiles, those in groups included. */
export function profileCount(graph: IdentityGraph): number {
  let count = 0;
  for (const n of graph.nodes) count += n.kind === 'profile' ? 1 : (n.members?.length ?? 0);
  return count;
}

/** The email searches of the tree that found registered accounts, with how many (for the line that says why). */
export function emailSearchesWithAccounts(graph: IdentityGraph): Array<{ query: string; count: number }> {
  const out: Array<{ query: string; count: number }> = [];
  for (const node of graph.nodes) {
    if (node.kind !== 'email' || !node.search) continue;
    let count = 0;
    for (const p of graph.profilesOf[node.index]!) count += graph.nodes[p]!.members?.length ?? 1;
    if (count > 0) out.push({ query: node.label, count });
  }
  return out;
}
