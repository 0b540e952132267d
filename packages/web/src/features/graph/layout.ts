/**
 * Where each node of the identity graph is drawn: a radial tree by search depth, computed in one pass
 * (linear in the nodes, a few milliseconds for thousands; decision 112). The root search sits in the middle
 * with its profiles around it in a sunflower disc; child searches sit on a ring outside it, each with its own
 * disc, their children further out in the same direction. A fact node (shared website, avatar, named
 * username, email or account) sits between the profiles that state it, or on the rim of their disc.
 */
import type { IdentityGraph } from './model.ts';

export interface GraphLayout {
  x: Float64Array;
  y: Float64Array;
  /** Drawn radius of each node, in world units. */
  size: Float64Array;
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

/** Distance between neighbouring profiles of a disc. */
export const SPACING = 16;
const GAP = 60;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Sunflower positions start this many steps out, leaving room for the search node. */
const HOLE = 4;

export const NODE_SIZE = { search: 14, root: 18, profile: 5, fact: 7, group: 8 } as const;
/** A disc holding groups (bigger, labelled nodes) spaces its members wider. */
const GROUP_SPACING = 40;

const discRadius = (profiles: number, spacing: number) => spacing * Math.sqrt(profiles + HOLE) + 10;

export function layoutGraph(graph: IdentityGraph): GraphLayout {
  const n = graph.nodes.length;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const size = new Float64Array(n);
  const placed = new Uint8Array(n);
  const disc = new Float64Array(n);
  const searchNodes = graph.nodes.filter((node) => node.search).map((node) => node.index);
  const searchIndex = new Map<string, number>();
  // Groups first, nearest their search (they stand for many profiles); then the profiles.
  const members = (s: number) => {
    const list = graph.profilesOf[s]!;
    return [
      ...list.filter((p) => graph.nodes[p]!.kind === 'group'),
      ...list.filter((p) => graph.nodes[p]!.kind !== 'group'),
    ];
  };
  const spacing = new Float64Array(n);
  for (const s of searchNodes) {
    spacing[s] = graph.profilesOf[s]!.some((p) => graph.nodes[p]!.kind === 'group') ? GROUP_SPACING : SPACING;
    disc[s] = discRadius(graph.profilesOf[s]!.length, spacing[s]!);
    searchIndex.set(graph.nodes[s]!.search!.id, s);
  }

  // Each search's extent: the radius of a circle around it holding its disc and all its descendants.
  const extent = new Float64Array(n);
  const ring = new Float64Array(n);
  const visiting = new Uint8Array(n);
  const measure = (s: number, full: boolean): number => {
    if (visiting[s]) return disc[s]!;
    visiting[s] = 1;
    const kids = graph.children[s]!;
    let widest = 0;
    let around = 0;
    for (const c of kids) {
      const e = measure(c, false);
      widest = Math.max(widest, e);
      around += 2 * e + GAP / 2;
    }
    // Children fill the whole circle around the root, a half circle facing outwards elsewhere.
    const arc = full ? 2 * Math.PI : Math.PI;
    ring[s] = kids.length ? Math.max(disc[s]! + GAP + widest, around / arc) : 0;
    extent[s] = kids.length ? ring[s]! + widest : disc[s]!;
    return extent[s]!;
  };

  const place = (s: number, cx: number, cy: number, direction: number, full: boolean) => {
    if (placed[s]) return;
    placed[s] = 1;
    x[s] = cx;
    y[s] = cy;
    size[s] = s === graph.root ? NODE_SIZE.root : NODE_SIZE.search;
    members(s).forEach((p, k) => {
      const r = spacing[s]! * Math.sqrt(k + HOLE);
      const a = (k + HOLE) * GOLDEN_ANGLE;
      x[p] = cx + r * Math.cos(a);
      y[p] = cy + r * Math.sin(a);
      size[p] = graph.nodes[p]!.kind === 'group' ? NODE_SIZE.group : NODE_SIZE.profile;
      placed[p] = 1;
    });
    const kids = graph.children[s]!;
    if (!kids.length) return;
    const widths = kids.map((c) => (2 * extent[c]! + GAP / 2) / ring[s]!);
    const total = widths.reduce((a, b) => a + b, 0);
    const spread = full ? 2 * Math.PI : Math.PI;
    // Spare angle is shared out, so a few children spread over the circle instead of bunching up.
    const extra = Math.max(0, spread - total) / kids.length;
    let angle = full ? direction - Math.PI / 2 : direction - (total + extra * kids.length) / 2;
    kids.forEach((c, i) => {
      const w = widths[i]! + extra;
      const a = angle + w / 2;
      angle += w;
      place(c, cx + ring[s]! * Math.cos(a), cy + ring[s]! * Math.sin(a), a, false);
    });
  };

  // Several roots (a tree whose root is missing): around an empty middle.
  const roots = searchNodes.filter((s) => {
    const parent = graph.nodes[s]!.search!.parent_id;
    return s === graph.root || !parent || !searchIndex.has(parent);
  });
  for (const r of roots) measure(r, r === graph.root);
  if (graph.root >= 0) place(graph.root, 0, 0, 0, true);
  let offset = graph.root >= 0 ? extent[graph.root]! + GAP : 0;
  for (const r of roots) {
    if (placed[r]) continue;
    place(r, offset + extent[r]!, 0, 0, true);
    offset += 2 * extent[r]! + GAP;
  }
  // Searches outside every tree (a cycle in parent ids): in a row below.
  for (const s of searchNodes) {
    if (placed[s]) continue;
    measure(s, true);
    place(s, offset + extent[s]!, 0, 0, true);
    offset += 2 * extent[s]! + GAP;
  }

  // Fact nodes: between the profiles that state them, or outside the disc of the first one's search.
  const rimCount = new Map<number, number>();
  for (const node of graph.nodes) {
    const i = node.index;
    if (placed[i]) continue;
    size[i] = NODE_SIZE.fact;
    const neighbours = graph.adjacency[i]!.map((e) => {
      const edge = graph.edges[e]!;
      return edge.source === i ? edge.target : edge.source;
    }).filter((o) => placed[o]);
    if (!neighbours.length) {
      x[i] = offset;
      y[i] = 0;
      offset += GAP;
      placed[i] = 1;
      continue;
    }
    let mx = 0;
    let my = 0;
    for (const o of neighbours) {
      mx += x[o]!;
      my += y[o]!;
    }
    mx /= neighbours.length;
    my /= neighbours.length;
    const first = graph.nodes[neighbours[0]!]!;
    const home = first.searchId ? (searchIndex.get(first.searchId) ?? -1) : -1;
    const anchors = new Set(neighbours.map((o) => graph.nodes[o]!.searchId));
    if (home < 0 || anchors.size > 1) {
      x[i] = mx;
      y[i] = my;
    } else {
      let dx = mx - x[home]!;
      let dy = my - y[home]!;
      if (Math.hypot(dx, dy) < 1) {
        dx = x[neighbours[0]!]! - x[home]! || 1;
        dy = y[neighbours[0]!]! - y[home]!;
      }
      const k = rimCount.get(home) ?? 0;
      rimCount.set(home, k + 1);
      const r = disc[home]! + 24 + (k % 4) * 18;
      const a = Math.atan2(dy, dx) + ((k % 7) - 3) * 0.03;
      x[i] = x[home]! + r * Math.cos(a);
      y[i] = y[home]! + r * Math.sin(a);
    }
    placed[i] = 1;
  }

  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, x[i]! - size[i]!);
    minY = Math.min(minY, y[i]! - size[i]!);
    maxX = Math.max(maxX, x[i]! + size[i]!);
    maxY = Math.max(maxY, y[i]! + size[i]!);
  }
  if (!n) {
    minX = minY = -50;
    maxX = maxY = 50;
  }
  return { x, y, size, bounds: { minX, minY, maxX, maxY } };
}
