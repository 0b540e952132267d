/**
 * Draws the identity graph on a 2D canvas: edges in two batched paths (a search's found profiles faintly,
 * the ties that matter stronger), nodes in one path per kind, labels only where they can be read. Nodes
 * outside the view are skipped, so a frame of 3,000 nodes stays a few milliseconds.
 */
import type { Camera, Viewport } from './camera.ts';
import { type GraphLayout, SPACING } from './layout.ts';
import { type IdentityGraph, type NodeKind, otherEnd } from './model.ts';

/**
 * Edge colours are opaque (pre-mixed with the background) and edges are one pixel wide: a translucent or
 * wider stroke of thousands of overlapping segments makes Chromium's rasteriser resolve every overlap, which
 * measured 20–40 times slower than this on a 3,000-node graph.
 */
export interface Palette {
  background: string;
  foundEdge: string;
  tieEdge: string;
  selectedEdge: string;
  label: string;
  halo: string;
  ring: string;
  node: Record<NodeKind, string>;
}

export const PALETTES: Record<'light' | 'dark', Palette> = {
  light: {
    background: '#ffffff',
    foundEdge: '#d5dae1',
    tieEdge: '#c98048',
    selectedEdge: '#0f172a',
    label: '#0f172a',
    halo: 'rgba(255, 255, 255, 0.7)',
    ring: '#0f172a',
    node: {
      username: '#b45309',
      email: '#7c3aed',
      profile: '#0f766e',
      group: '#4d7c0f',
      website: '#1d4ed8',
      avatar: '#be185d',
      account: '#475569',
    },
  },
  dark: {
    background: '#0f172a',
    foundEdge: '#303a4e',
    tieEdge: '#b48d26',
    selectedEdge: '#f8fafc',
    label: '#e2e8f0',
    halo: 'rgba(15, 23, 42, 0.7)',
    ring: '#f8fafc',
    node: {
      username: '#fbbf24',
      email: '#a78bfa',
      profile: '#2dd4bf',
      group: '#a3e635',
      website: '#60a5fa',
      avatar: '#f472b6',
      account: '#94a3b8',
    },
  },
};

const DRAW_ORDER: readonly NodeKind[] = ['profile', 'group', 'website', 'avatar', 'account', 'email', 'username'];

/** At most this many labels a frame: beyond it text is unreadable anyway and costs time. */
const MAX_LABELS = 250;

export function drawGraph(
  ctx: CanvasRenderingContext2D,
  graph: IdentityGraph,
  layout: GraphLayout,
  cam: Camera,
  view: Viewport & { dpr: number },
  selected: number,
  palette: Palette,
  hovered = -1,
): ReadonlySet<number> {
  const { x, y, size } = layout;
  const { width, height, dpr } = view;
  // Everything is drawn in screen pixels (only the device-pixel scale on the context): a scaled context
  // turns one-pixel lines into general paths, which measured a hundred times slower on 3,000 edges.
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, 0, width, height);
  const n = x.length;
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const ox = width / 2 - cam.x * cam.k;
  const oy = height / 2 - cam.y * cam.k;
  for (let i = 0; i < n; i++) {
    sx[i] = x[i]! * cam.k + ox;
    sy[i] = y[i]! * cam.k + oy;
  }
  const pad = 20;
  const visible = (i: number) => sx[i]! >= -pad && sx[i]! <= width + pad && sy[i]! >= -pad && sy[i]! <= height + pad;
  const line = (a: number, b: number) => clippedLine(ctx, sx[a]!, sy[a]!, sx[b]!, sy[b]!, width, height);

  // Zoomed out, a disc already shows which search found its profiles: their thousands of short "found"
  // lines would only grey it over.
  const showFound = SPACING * cam.k >= 6;
  ctx.lineWidth = 1;
  for (const found of showFound ? [true, false] : [false]) {
    ctx.beginPath();
    for (const e of graph.edges) if ((e.kind === 'found') === found) line(e.source, e.target);
    ctx.strokeStyle = found ? palette.foundEdge : palette.tieEdge;
    ctx.stroke();
  }
  if (selected >= 0) {
    ctx.beginPath();
    for (const e of graph.adjacency[selected] ?? []) line(graph.edges[e]!.source, graph.edges[e]!.target);
    ctx.strokeStyle = palette.selectedEdge;
    ctx.stroke();
  }

  // Nodes never shrink below 2 px on screen, so a zoomed-out 3,000-node graph still shows its shape.
  const onScreen: number[] = [];
  // Profiles first, searches last: a search stays on top of its own disc, and never shrinks below 5 px.
  for (const kind of DRAW_ORDER) {
    ctx.beginPath();
    for (const node of graph.nodes) {
      if (node.kind !== kind) continue;
      const i = node.index;
      if (!visible(i)) continue;
      const r = Math.max(size[i]! * cam.k, node.search ? 5 : 2);
      // A dot of a few pixels looks the same as a square and rasterises several times faster.
      if (r < 3.5) ctx.rect(sx[i]! - r, sy[i]! - r, 2 * r, 2 * r);
      else {
        ctx.moveTo(sx[i]! + r, sy[i]!);
        ctx.arc(sx[i]!, sy[i]!, r, 0, 2 * Math.PI);
      }
      onScreen.push(i);
    }
    ctx.fillStyle = palette.node[kind];
    ctx.fill();
  }
  if (selected >= 0 && selected < n) {
    ctx.beginPath();
    ctx.arc(
      sx[selected]!,
      sy[selected]!,
      Math.max(size[selected]! * cam.k, graph.nodes[selected]!.search ? 5 : 2) + 4,
      0,
      2 * Math.PI,
    );
    ctx.strokeStyle = palette.ring;
    ctx.lineWidth = 2.5;
    ctx.stroke();
  }

  // Labels never overlap each other, nor cover a search or a group: each takes its box on screen, beside its
  // node (right, left, below or above), and one with room nowhere is left out. First the chosen node, the
  // one under the pointer and the chosen node's neighbours; then searches, groups, facts and the profiles that
  // tie; the other profiles only when zoomed in far enough to tell them apart.
  ctx.font = LABEL_FONT;
  ctx.textBaseline = 'middle';
  const taken: number[] = [];
  const labelled = new Set<number>();
  const free = (l: number, t: number, r: number, b: number, except: number) => {
    for (let k = 0; k < taken.length; k += 5) {
      if (taken[k + 4] !== except && l < taken[k + 2]! && r > taken[k]! && t < taken[k + 3]! && b > taken[k + 1]!)
        return false;
    }
    return true;
  };
  for (const i of onScreen) {
    if (!graph.nodes[i]!.search && graph.nodes[i]!.kind !== 'group') continue;
    const r = Math.max(size[i]! * cam.k, graph.nodes[i]!.search ? 5 : 2);
    taken.push(sx[i]! - r, sy[i]! - r, sx[i]! + r, sy[i]! + r, i);
  }
  let tries = 0;
  const label = (i: number, force: boolean) => {
    if (labelled.has(i) || i < 0 || i >= n) return;
    if (sx[i]! < 0 || sx[i]! > width || sy[i]! < 0 || sy[i]! > height) return;
    if (!force && (labelled.size >= MAX_LABELS || ++tries > MAX_LABEL_TRIES)) return;
    const text = shortLabel(graph.nodes[i]!.label);
    const r = Math.max(size[i]! * cam.k, 2) + 4;
    const w = ctx.measureText(text).width + 4;
    const x = sx[i]!;
    const y = sy[i]!;
    // Right of the node, left of it, below, above: the first inside the canvas with nothing in the way.
    const places: Array<[number, number]> = [
      [x + r - 2, y - 8],
      [x - r + 2 - w, y - 8],
      [x - w / 2, y + r - 4],
      [x - w / 2, y - r - 12],
    ];
    const inside = places.filter(([l, t]) => l >= 0 && l + w <= width && t >= 0 && t + 16 <= height);
    if (!inside.length) inside.push([Math.min(Math.max(0, x + r - 2), Math.max(0, width - w)), y - 8]);
    const place = inside.find(([l, t]) => free(l, t, l + w, t + 16, i)) ?? (force ? inside[0] : undefined);
    if (!place) return;
    const [left, top] = place;
    taken.push(left, top, left + w, top + 16, -1);
    labelled.add(i);
    // A halo box behind the text instead of stroked glyphs: far cheaper, and as readable over the edges.
    ctx.fillStyle = palette.halo;
    ctx.fillRect(left, top, w, 16);
    ctx.fillStyle = palette.label;
    ctx.fillText(text, left + 2, top + 8);
  };
  label(selected, true);
  label(hovered, true);
  // The search the graph is of is always named.
  label(graph.root, true);
  if (selected >= 0 && selected < n)
    for (const e of graph.adjacency[selected] ?? []) label(otherEnd(graph.edges[e]!, selected), false);
  for (const i of onScreen) if (graph.nodes[i]!.search) label(i, false);
  if (cam.k >= 0.35) for (const i of onScreen) if (graph.nodes[i]!.kind === 'group') label(i, false);
  // Facts, and the profiles that tie to more than their search (few, and what the graph is for).
  if (cam.k >= 0.5)
    for (const i of onScreen)
      if (!graph.nodes[i]!.search && (graph.nodes[i]!.kind !== 'profile' || graph.adjacency[i]!.length > 1))
        label(i, false);
  if (cam.k >= PROFILE_LABEL_ZOOM) for (const i of onScreen) if (graph.nodes[i]!.kind === 'profile') label(i, false);
  return labelled;
}

export const LABEL_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Labels are cut to this many characters (the details panel has the whole name). */
export const LABEL_CHARS = 40;
export const shortLabel = (text: string) => (text.length > LABEL_CHARS ? `${text.slice(0, LABEL_CHARS - 1)}…` : text);
/** Profiles are labelled (where there is room) from this zoom on. */
const PROFILE_LABEL_ZOOM = 1.6;
/** Labels tried a frame, so thousands of candidates never cost more than a few milliseconds. */
const MAX_LABEL_TRIES = 2000;

/**
 * Adds the part of segment (x0,y0)–(x1,y1) inside the view (plus a pixel) to the current path, or nothing
 * (Liang–Barsky). Long edges that leave the view would otherwise make the rasteriser walk them off-canvas.
 */
export function clippedLine(
  ctx: Pick<CanvasRenderingContext2D, 'moveTo' | 'lineTo'>,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  height: number,
): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  let t0 = 0;
  let t1 = 1;
  const p = [-dx, dx, -dy, dy];
  const q = [x0 + 1, width + 1 - x0, y0 + 1, height + 1 - y0];
  for (let j = 0; j < 4; j++) {
    const pj = p[j]!;
    const qj = q[j]!;
    if (pj === 0) {
      if (qj < 0) return false;
    } else {
      const r = qj / pj;
      if (pj < 0) {
        if (r > t1) return false;
        if (r > t0) t0 = r;
      } else {
        if (r < t0) return false;
        if (r < t1) t1 = r;
      }
    }
  }
  ctx.moveTo(x0 + t0 * dx, y0 + t0 * dy);
  ctx.lineTo(x0 + t1 * dx, y0 + t1 * dy);
  return true;
}
