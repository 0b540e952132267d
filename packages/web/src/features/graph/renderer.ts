/**
 * Draws the identity graph on a 2D canvas: edges in two batched paths (a search's found profiles faintly,
 * the ties that matter stronger), nodes in one path per kind, labels only where they can be read. Nodes
 * outside the view are skipped, so a frame of 3,000 nodes stays a few milliseconds.
 */
import type { Camera, Viewport } from './camera.ts';
import type { GraphLayout } from './layout.ts';
import { type IdentityGraph, NODE_KINDS, type NodeKind } from './model.ts';

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
    foundEdge: 'rgba(100, 116, 139, 0.28)',
    tieEdge: 'rgba(180, 83, 9, 0.75)',
    selectedEdge: '#0f172a',
    label: '#0f172a',
    halo: 'rgba(255, 255, 255, 0.7)',
    ring: '#0f172a',
    node: {
      username: '#b45309',
      email: '#7c3aed',
      profile: '#0f766e',
      website: '#1d4ed8',
      avatar: '#be185d',
      account: '#475569',
    },
  },
  dark: {
    background: '#0f172a',
    foundEdge: 'rgba(148, 163, 184, 0.25)',
    tieEdge: 'rgba(251, 191, 36, 0.7)',
    selectedEdge: '#f8fafc',
    label: '#e2e8f0',
    halo: 'rgba(15, 23, 42, 0.7)',
    ring: '#f8fafc',
    node: {
      username: '#fbbf24',
      email: '#a78bfa',
      profile: '#2dd4bf',
      website: '#60a5fa',
      avatar: '#f472b6',
      account: '#94a3b8',
    },
  },
};

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
): void {
  const { x, y, size } = layout;
  const { width, height, dpr } = view;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, 0, width, height);
  // World coordinates from here on.
  ctx.setTransform(
    dpr * cam.k,
    0,
    0,
    dpr * cam.k,
    dpr * (width / 2 - cam.x * cam.k),
    dpr * (height / 2 - cam.y * cam.k),
  );
  const pad = 20 / cam.k;
  const left = cam.x - width / 2 / cam.k - pad;
  const right = cam.x + width / 2 / cam.k + pad;
  const top = cam.y - height / 2 / cam.k - pad;
  const bottom = cam.y + height / 2 / cam.k + pad;
  const visible = (i: number) => x[i]! >= left && x[i]! <= right && y[i]! >= top && y[i]! <= bottom;
  const crosses = (a: number, b: number) =>
    !(
      (x[a]! < left && x[b]! < left) ||
      (x[a]! > right && x[b]! > right) ||
      (y[a]! < top && y[b]! < top) ||
      (y[a]! > bottom && y[b]! > bottom)
    );

  for (const found of [true, false]) {
    ctx.beginPath();
    for (const e of graph.edges) {
      if ((e.kind === 'found') !== found || !crosses(e.source, e.target)) continue;
      ctx.moveTo(x[e.source]!, y[e.source]!);
      ctx.lineTo(x[e.target]!, y[e.target]!);
    }
    ctx.strokeStyle = found ? palette.foundEdge : palette.tieEdge;
    ctx.lineWidth = (found ? 1 : 1.6) / cam.k;
    ctx.stroke();
  }
  if (selected >= 0) {
    ctx.beginPath();
    for (const e of graph.adjacency[selected] ?? []) {
      const edge = graph.edges[e]!;
      ctx.moveTo(x[edge.source]!, y[edge.source]!);
      ctx.lineTo(x[edge.target]!, y[edge.target]!);
    }
    ctx.strokeStyle = palette.selectedEdge;
    ctx.lineWidth = 2 / cam.k;
    ctx.stroke();
  }

  // Nodes never shrink below 2 px on screen, so a zoomed-out 3,000-node graph still shows its shape.
  const minRadius = 2 / cam.k;
  const onScreen: number[] = [];
  for (const kind of NODE_KINDS) {
    ctx.beginPath();
    for (const node of graph.nodes) {
      if (node.kind !== kind) continue;
      const i = node.index;
      if (!visible(i)) continue;
      const r = Math.max(size[i]!, minRadius);
      // A dot of a few pixels looks the same as a square and rasterises several times faster.
      if (r * cam.k < 3) ctx.rect(x[i]! - r, y[i]! - r, 2 * r, 2 * r);
      else {
        ctx.moveTo(x[i]! + r, y[i]!);
        ctx.arc(x[i]!, y[i]!, r, 0, 2 * Math.PI);
      }
      onScreen.push(i);
    }
    ctx.fillStyle = palette.node[kind];
    ctx.fill();
  }
  if (selected >= 0 && selected < graph.nodes.length) {
    ctx.beginPath();
    ctx.arc(x[selected]!, y[selected]!, Math.max(size[selected]!, minRadius) + 4 / cam.k, 0, 2 * Math.PI);
    ctx.strokeStyle = palette.ring;
    ctx.lineWidth = 2.5 / cam.k;
    ctx.stroke();
  }

  // Labels in screen pixels: searches and fact nodes first, profiles once zoomed in enough to tell them apart.
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.font = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  ctx.textBaseline = 'middle';
  let labels = 0;
  const label = (i: number) => {
    const sx = (x[i]! - cam.x) * cam.k + width / 2;
    const sy = (y[i]! - cam.y) * cam.k + height / 2;
    const text = graph.nodes[i]!.label.length > 40 ? `${graph.nodes[i]!.label.slice(0, 39)}…` : graph.nodes[i]!.label;
    const sx2 = sx + Math.max(size[i]! * cam.k, 2) + 4;
    // A halo box behind the text instead of stroked glyphs: far cheaper, and as readable over the edges.
    ctx.fillStyle = palette.halo;
    ctx.fillRect(sx2 - 2, sy - 8, ctx.measureText(text).width + 4, 16);
    ctx.fillStyle = palette.label;
    ctx.fillText(text, sx2, sy);
    labels += 1;
  };
  const important = onScreen.filter((i) => graph.nodes[i]!.kind !== 'profile');
  for (const i of important) {
    if (labels >= MAX_LABELS) break;
    if (graph.nodes[i]!.search || cam.k >= 0.5) label(i);
  }
  if (cam.k >= 1.1) {
    for (const i of onScreen) {
      if (labels >= MAX_LABELS) break;
      if (graph.nodes[i]!.kind === 'profile') label(i);
    }
  }
  if (selected >= 0 && selected < graph.nodes.length && visible(selected)) label(selected);
}
