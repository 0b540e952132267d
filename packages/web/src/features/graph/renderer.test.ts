import { describe, expect, it } from 'vitest';
import { largeTree, plantedTree } from '../../test/graph-trees.ts';
import { fitCamera } from './camera.ts';
import { layoutGraph } from './layout.ts';
import { buildGraph } from './model.ts';
import { clippedLine, drawGraph, PALETTES } from './renderer.ts';

/** A 2D context that counts what would be drawn. */
function recorder() {
  const calls = { moveTo: 0, lineTo: 0, arc: 0, rect: 0, fillText: [] as string[], strokes: [] as string[] };
  let stroke = '';
  const ctx = {
    setTransform() {},
    fillRect() {},
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
    fillStyle: '',
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
    drawGraph(ctx, g, l, { ...fitCamera(l.bounds, big), k: 1.2 }, big, -1, PALETTES.light);
    expect(new Set(calls.fillText)).toEqual(new Set(g.nodes.map((n) => n.label)));
  });
});
