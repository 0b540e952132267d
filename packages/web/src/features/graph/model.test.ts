import { SearchTreeSchema } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { largeTree, plainTree, plantedTree } from '../../test/graph-trees.ts';
import { layoutGraph } from './layout.ts';
import {
  buildGraph,
  countByKind,
  emailSearchesWithAccounts,
  GROUP_MIN,
  type IdentityGraph,
  otherEnd,
  pageKey,
  profileCount,
} from './model.ts';

const byId = (g: IdentityGraph, id: string) => {
  const node = g.nodes.find((n) => n.id === id);
  if (!node) throw new Error(`no node ${id}: ${g.nodes.map((n) => n.id).join(', ')}`);
  return node.index;
};
const edgeBetween = (g: IdentityGraph, a: number, b: number) =>
  g.edges.filter((e) => (e.source === a && e.target === b) || (e.source === b && e.target === a));

describe('identity graph model', () => {
  it('groups a search’s many profiles that state nothing by category; ties and lone ones stay profiles', () => {
    const g = buildGraph(plainTree());
    const groups = g.nodes.filter((n) => n.kind === 'group');
    expect(groups.map((n) => [n.label, n.members!.length])).toEqual([
      ['Social · 8', 8],
      ['Gaming · 10', 10],
    ]);
    expect(
      g.nodes
        .filter((n) => n.kind === 'profile')
        .map((n) => n.label)
        .sort(),
    ).toEqual(['Home', 'Linked', 'Reddit']);
    // Every found profile is still counted, and each group hangs off its search with why.
    expect(profileCount(g)).toBe(21);
    expect(edgeBetween(g, 0, groups[1]!.index)[0]!.reason).toBe(
      '10 profiles on Gaming sites found by the search for bob, stating nothing that ties them',
    );
    // Below the threshold nothing is grouped.
    const few = plainTree();
    few.profiles = few.profiles.slice(0, GROUP_MIN - 1);
    expect(buildGraph(few).nodes.some((n) => n.kind === 'group')).toBe(false);
  });

  it('an email search’s answers without a page are each counted, grouped when many, and said why', () => {
    const tree = plainTree();
    tree.searches = [{ ...tree.searches[0]!, kind: 'email', query: 'bob@example.com' }];
    tree.profiles = Array.from({ length: 15 }, (_, i) => ({
      search_id: 'r',
      site: `Shop${i}`,
      url: '',
      category: i < 3 ? 'gaming' : 'shopping',
      facts: [],
    }));
    const g = buildGraph(tree);
    expect(profileCount(g)).toBe(15);
    expect(g.nodes.filter((n) => n.kind === 'group').map((n) => n.label)).toEqual(['Gaming · 3', 'Other · 12']);
    expect(emailSearchesWithAccounts(g)).toEqual([{ query: 'bob@example.com', count: 15 }]);
    expect(emailSearchesWithAccounts(buildGraph(plainTree()))).toEqual([]);
  });

  it('the sample trees are valid hound-tree/1 documents', () => {
    expect(SearchTreeSchema.parse(plantedTree())).toEqual(plantedTree());
    expect(SearchTreeSchema.safeParse(largeTree(100)).success).toBe(true);
  });

  it('ties the planted chain alice → alice_dev → a.dev@… with the reason for each link', () => {
    const g = buildGraph(plantedTree());
    const alice = byId(g, 's:r1');
    const aliceDev = byId(g, 's:c1');
    const email = byId(g, 's:e1');
    const github = byId(g, 'p:r1:GitHub:https://github.example/alice');
    const gitlab = byId(g, 'p:c1:GitLab:https://gitlab.example/alice_dev');
    expect(g.root).toBe(alice);
    expect(g.nodes[alice]).toMatchObject({ kind: 'username', label: 'alice', depth: 0 });
    expect(g.nodes[email]).toMatchObject({ kind: 'email', label: 'a.dev@example.com', depth: 2 });

    // The child search hangs off the profile that named it (from_url), with the tree's own sentence.
    expect(edgeBetween(g, github, aliceDev)).toEqual([
      expect.objectContaining({ kind: 'lead', reason: 'linked from the GitHub profile of alice' }),
    ]);
    // from_site only: the parent's profile on that site.
    expect(edgeBetween(g, gitlab, email)).toEqual([
      expect.objectContaining({ kind: 'lead', reason: 'stated on the GitLab profile of alice_dev' }),
    ]);
    expect(edgeBetween(g, alice, github)[0]).toMatchObject({
      kind: 'found',
      reason: 'profile on GitHub found by the search for alice',
    });
    // GitHub's rel-me link points at the GitLab profile found by the child search: a link between profiles.
    expect(edgeBetween(g, github, gitlab)).toEqual([
      expect.objectContaining({ kind: 'link', reason: 'the GitHub profile links to this profile' }),
    ]);
    // The email fact names the searched address (case aside): no second email node.
    expect(g.nodes.filter((n) => n.kind === 'email')).toHaveLength(1);
  });

  it('makes shared websites and avatars nodes, and keeps one-profile facts on the profile', () => {
    const g = buildGraph(plantedTree());
    const github = byId(g, 'p:r1:GitHub:https://github.example/alice');
    const twitter = byId(g, 'p:r1:Twitter:https://twitter.example/alice');
    const website = byId(g, 'w:alice.dev');
    const avatar = byId(g, 'a:avatars.example/alice.png');
    expect(g.nodes[website]).toMatchObject({ kind: 'website', label: 'alice.dev', url: 'https://alice.dev' });
    expect(g.nodes[avatar]).toMatchObject({ kind: 'avatar', url: 'https://avatars.example/alice.png' });
    for (const p of [github, twitter]) {
      expect(edgeBetween(g, p, website)[0]?.kind).toBe('website');
      expect(edgeBetween(g, p, avatar)[0]?.kind).toBe('avatar');
    }
    expect(edgeBetween(g, twitter, avatar)[0]?.reason).toBe('the Twitter profile uses this avatar');
    // The account id stated by Twitter only is still an identity: a node of its own.
    expect(g.nodes[byId(g, 'i:twitter:12345')]).toMatchObject({ kind: 'account', label: 'Twitter: 12345' });
    // Facts travel with their profile, sources included.
    expect(g.nodes[github]!.facts.map((f) => f.source)).toEqual(Array(5).fill('https://github.example/alice'));
    expect(countByKind(g)).toEqual({ username: 2, email: 1, profile: 4, group: 0, website: 1, avatar: 1, account: 1 });
    // No pair of nodes is tied twice (the username fact and the lead both tie GitHub to alice_dev).
    const pairs = g.edges.map((e) => [e.source, e.target].sort((a, b) => a - b).join('-'));
    expect(new Set(pairs).size).toBe(pairs.length);
    // Adjacency agrees with the edges.
    for (const e of g.edges) {
      expect(g.adjacency[e.source]).toContain(e.index);
      expect(otherEnd(e, e.source)).toBe(e.target);
    }
  });

  it('a username named but never searched becomes a node of its own; a one-profile website does not', () => {
    const tree = plantedTree();
    tree.profiles[0]!.facts.push({
      kind: 'username',
      value: '@alice_old',
      source: tree.profiles[0]!.url,
      via: 'rel-me',
    });
    tree.profiles[2]!.facts.push({ kind: 'website', value: 'https://only.example', source: 'x', via: 'opengraph' });
    const g = buildGraph(tree, {
      found: '{site}/{query}',
      lead: 'after {query}',
      link: 'link {site}',
      website: 'web {site} {value}',
      avatar: 'avatar {site}',
      email: 'mail {site} {value}',
      username: 'name {site} {value}',
      account: 'account {site} {value}',
    });
    const old = byId(g, 'u:alice_old');
    expect(g.nodes[old]).toMatchObject({ kind: 'username', label: 'alice_old', depth: 0, search: null });
    expect(edgeBetween(g, byId(g, 'p:r1:GitHub:https://github.example/alice'), old)[0]?.reason).toBe(
      'name GitHub @alice_old',
    );
    expect(g.nodes.some((n) => n.id === 'w:only.example')).toBe(false);
  });

  it('survives a tree whose profiles name an unknown search or whose root is missing', () => {
    const tree = plantedTree();
    tree.profiles.push({ search_id: 'gone', site: 'Lost', url: 'javascript:alert(1)', facts: [] });
    tree.root_id = 'nope';
    const g = buildGraph(tree);
    const lost = g.nodes.find((n) => n.label === 'Lost')!;
    expect(lost.url).toBeNull();
    expect(g.edges.some((e) => e.target === lost.index && e.source === g.root)).toBe(true);
    expect(buildGraph({ format: 'hound-tree/1', root_id: 'x', searches: [], profiles: [] }).nodes).toEqual([]);
  });

  it('pageKey treats scheme, www, case and a trailing slash as the same page', () => {
    expect(pageKey('http://www.Alice.dev/')).toBe(pageKey('https://alice.dev'));
    expect(pageKey('alice.dev/about/')).toBe('alice.dev/about');
    expect(pageKey('https://a.example/x?y=1')).not.toBe(pageKey('https://a.example/x'));
    expect(pageKey('alice.dev:8080/x')).toBe('alice.dev:8080/x');
    expect(pageKey('mailto:A@B.example')).toBe('mailto:a@b.example');
  });
});

describe('layout', () => {
  it('puts the root in the middle, profiles around their search, children further out', () => {
    const g = buildGraph(plantedTree());
    const l = layoutGraph(g);
    const at = (id: string) => {
      const i = byId(g, id);
      return { x: l.x[i]!, y: l.y[i]! };
    };
    const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
    const root = at('s:r1');
    expect(root).toEqual({ x: 0, y: 0 });
    const github = at('p:r1:GitHub:https://github.example/alice');
    const child = at('s:c1');
    const grandchild = at('s:e1');
    expect(dist(root, github)).toBeLessThan(dist(root, child));
    expect(dist(root, child)).toBeLessThan(dist(root, grandchild));
    expect(dist(child, at('p:c1:GitLab:https://gitlab.example/alice_dev'))).toBeLessThan(dist(root, child) / 2);
    for (let i = 0; i < g.nodes.length; i++) {
      expect(Number.isFinite(l.x[i]!) && Number.isFinite(l.y[i]!)).toBe(true);
      expect(l.x[i]!).toBeGreaterThanOrEqual(l.bounds.minX);
      expect(l.y[i]!).toBeLessThanOrEqual(l.bounds.maxY);
    }
  });

  it('lays out 3,000+ nodes quickly, with no two nodes on the same spot', () => {
    const tree = largeTree(2900);
    const started = performance.now();
    const g = buildGraph(tree);
    const l = layoutGraph(g);
    const ms = performance.now() - started;
    expect(g.nodes.length).toBeGreaterThanOrEqual(3000);
    // Both are linear (about 10 ms on an idle machine); the bound leaves room for a shared, loaded one and
    // still fails a quadratic step, which takes seconds at this size.
    expect(ms).toBeLessThan(1500);
    const spots = new Set<string>();
    for (let i = 0; i < g.nodes.length; i++) spots.add(`${Math.round(l.x[i]!)}:${Math.round(l.y[i]!)}`);
    expect(spots.size).toBeGreaterThan(g.nodes.length * 0.99);
    // Discs of different searches do not overlap: each profile is nearer its own search than any other.
    const searches = g.nodes.filter((n) => n.search);
    for (const p of g.nodes.filter((n) => n.kind === 'profile').slice(0, 500)) {
      const own = searches.find((s) => s.search!.id === p.searchId)!;
      const d = (s: number) => Math.hypot(l.x[p.index]! - l.x[s]!, l.y[p.index]! - l.y[s]!);
      const nearest = searches.reduce((best, s) => (d(s.index) < d(best.index) ? s : best));
      expect(nearest.index).toBe(own.index);
    }
  });
});
