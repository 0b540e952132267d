import { describe, expect, it } from 'vitest';
import { largeTree, plantedTree } from '../../test/graph-trees.ts';
import { fitCamera } from './camera.ts';
import { layoutGraph } from './layout.ts';
import { buildGraph, otherEnd } from './model.ts';
import { clippedLine, drawGraph, PALETTES } from './renderer.ts';

/** A 2D context that counts what would be drawn. */
function recorder() {
  const calls = {
    moveTo: 0,
    lineTo: 0,
    arc: 0,
    rect: 0,
    fillText: [] as string[],
    strokes: [] as string[],
    /** Each label's box on screen (its halo): x, y, width, height. */
    boxes: [] as number[][],
  };
  let fill = '';
  let stroke = '';
  const ctx = {
    setTransform() {},
    fillRect(x: number, y: number, w: number, h: number) {
      if (fill === PALETTES.light.halo || fill === PALETTES.dark.halo) calls.boxes.push([x, y, w, h]);
    },
    beginPath() {},
    fill() {},
    stroke() {
      calls.strokes.push(stroke);
    },
    moveTo() {
      calls.moveTo += 1;
    },
    lineTo() {
      calls.lineTo += 1;
    },
    arc() {
      calls.arc += 1;
    },
    rect() {
      calls.rect += 1;
    },
    measureText: (t: string) => ({ width: t.length * 6 }),
    fillText(t: string) {
      calls.fillText.push(t);
    },
    set strokeStyle(v: string) {
      stroke = v;
    },
    lineWidth: 1,
    set fillStyle(v: string) {
      fill = v;
    },
    font: '',
    textBaseline: '',
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe('renderer', () => {
  const view = { width: 800, height: 600, dpr: 1 };

  it('clips a segment to the view, and drops one outside it', () => {
    const path: number[][] = [];
    const ctx = {
      moveTo: (x: number, y: number) => path.push([x, y]),
      lineTo: (x: number, y: number) => path.push([x, y]),
    };
    expect(clippedLine(ctx, -100, 50, 900, 50, 800, 600)).toBe(true);
    expect(path).toEqual([
      [-1, 50],
      [801, 50],
    ]);
    expect(clippedLine(ctx, -100, -100, -5, -50, 800, 600)).toBe(false);
    expect(clippedLine(ctx, 10, 10, 20, 20, 800, 600)).toBe(true);
    expect(path.slice(2)).toEqual([
      [10, 10],
      [20, 20],
    ]);
  });

  it('zoomed out: every node as a cheap dot, no "found" lines, searches labelled', () => {
    const g = buildGraph(largeTree(2900));
    const l = layoutGraph(g);
    const { ctx, calls } = recorder();
    drawGraph(ctx, g, l, fitCamera(l.bounds, view), view, -1, PALETTES.light);
    expect(calls.rect + calls.arc).toBe(g.nodes.length);
    expect(calls.rect).toBeGreaterThan(g.nodes.length * 0.9);
    expect(calls.strokes).toEqual([PALETTES.light.tieEdge]);
    expect(calls.lineTo).toBeLessThanOrEqual(g.edges.filter((e) => e.kind !== 'found').length);
    expect(calls.fillText).toContain('target');
  });

  it('zoomed in: only what is on screen, labels capped, the selection highlighted', () => {
    const g = buildGraph(largeTree(2900));
    const l = layoutGraph(g);
    const { ctx, calls } = recorder();
    drawGraph(ctx, g, l, { x: 0, y: 0, k: 3 }, view, 0, PALETTES.dark);
    expect(calls.rect + calls.arc).toBeLessThan(g.nodes.length / 3);
    expect(calls.strokes).toEqual([
      PALETTES.dark.foundEdge,
      PALETTES.dark.tieEdge,
      PALETTES.dark.selectedEdge,
      PALETTES.dark.ring,
    ]);
    expect(calls.fillText.length).toBeLessThanOrEqual(251);
  });

  it('draws a small tree whole, every node labelled once zoomed in', () => {
    const g = buildGraph(plantedTree());
    const l = layoutGraph(g);
    const { ctx, calls } = recorder();
    const big = { width: 3000, height: 3000, dpr: 1 };
    expect((l.bounds.maxX - l.bounds.minX) * 1.2).toBeLessThan(3000);
    drawGraph(ctx, g, l, { ...fitCamera(l.bounds, big), k: 2 }, big, -1, PALETTES.light);
    expect(new Set(calls.fillText)).toEqual(new Set(g.nodes.map((n) => n.label)));
  });

  const overlapping = (boxes: number[][]) =>
    boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter(
          (b) => a[0]! < b[0]! + b[2]! && b[0]! < a[0]! + a[2]! && a[1]! < b[1]! + b[3]! && b[1]! < a[1]! + a[3]!,
        ),
    );

  it('zoomed in on thousands of profiles: labels never overlap and stay on the canvas', () => {
    const g = buildGraph(largeTree(2900));
    const l = layoutGraph(g);
    const { ctx, calls } = recorder();
    drawGraph(ctx, g, l, { x: 0, y: 0, k: 2.5 }, view, -1, PALETTES.light);
    expect(calls.boxes.length).toBeGreaterThan(10);
    expect(overlapping(calls.boxes)).toEqual([]);
    for (const [x, , w] of calls.boxes) {
      expect(x!).toBeGreaterThanOrEqual(0);
      expect(x! + w!).toBeLessThanOrEqual(view.width);
    }
  });

  it('a chosen node is labelled with its neighbours even zoomed out, and the node under the pointer too', () => {
    const g = buildGraph(plantedTree());
    const l = layoutGraph(g);
    const github = g.nodes.find((n) => n.label === 'GitHub')!.index;
    const small = { width: 358, height: 320, dpr: 1 };
    const fitted = fitCamera(l.bounds, small);
    const plain = recorder();
    drawGraph(plain.ctx, g, l, fitted, small, -1, PALETTES.light);
    expect(plain.calls.fillText).not.toContain('GitHub');
    const chosen = recorder();
    const gravatar = g.nodes.find((n) => n.label === 'Gravatar')!.index;
    drawGraph(chosen.ctx, g, l, fitted, small, github, PALETTES.light, gravatar);
    expect(chosen.calls.fillText.slice(0, 2)).toEqual(['GitHub', 'Gravatar']);
    // Centred on it (as choosing it in the list does), its neighbours get their labels first: its search, the
    // profile it links to, the shared website and avatar, the search its link led to.
    const centred = recorder();
    const desk = { width: 1200, height: 1000, dpr: 1 };
    drawGraph(centred.ctx, g, l, { x: l.x[github]!, y: l.y[github]!, k: 1.2 }, desk, github, PALETTES.light);
    const neighbours = g.adjacency[github]!.map((e) => g.nodes[otherEnd(g.edges[e]!, github)]!.label);
    expect(neighbours.length).toBeGreaterThanOrEqual(5);
    expect(centred.calls.fillText.slice(1, 1 + neighbours.length).sort()).toEqual(neighbours.sort());
    expect(overlapping(centred.calls.boxes)).toEqual([]);
  });
});
