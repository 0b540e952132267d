import { describe, expect, it } from 'vitest';
import { largeTree } from '../../test/graph-trees.ts';
import { centreOn, fitCamera, MAX_ZOOM, panBy, toScreen, toWorld, zoomAt } from './camera.ts';
import { HitIndex } from './hit-index.ts';
import { layoutGraph } from './layout.ts';
import { buildGraph } from './model.ts';

const view = { width: 800, height: 600 };

describe('camera', () => {
  it('fits the bounds inside the view with a margin', () => {
    const cam = fitCamera({ minX: -100, minY: -50, maxX: 300, maxY: 150 }, view, 20);
    expect(cam.x).toBe(100);
    expect(cam.y).toBe(50);
    const topLeft = toScreen(cam, view, -100, -50);
    const bottomRight = toScreen(cam, view, 300, 150);
    expect(topLeft.x).toBeGreaterThanOrEqual(20 - 1e-9);
    expect(bottomRight.x).toBeLessThanOrEqual(780 + 1e-9);
    expect(bottomRight.y).toBeLessThanOrEqual(580 + 1e-9);
  });

  it('zooms around the pointer: the point under it stays under it', () => {
    const cam = { x: 10, y: 20, k: 0.5 };
    const before = toWorld(cam, view, 650, 120);
    const zoomed = zoomAt(cam, view, 2.5, 650, 120);
    expect(zoomed.k).toBeCloseTo(1.25);
    const after = toWorld(zoomed, view, 650, 120);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
    expect(zoomAt(cam, view, 1e9, 0, 0).k).toBe(MAX_ZOOM);
  });

  it('pans with the pointer and centres a node', () => {
    const cam = { x: 0, y: 0, k: 2 };
    const moved = panBy(cam, 40, -20);
    expect(toScreen(moved, view, 0, 0)).toEqual({ x: 440, y: 280 });
    expect(centreOn(cam, 5, 6, 3)).toEqual({ x: 5, y: 6, k: 3 });
    expect(centreOn(cam, 5, 6, 1).k).toBe(2);
  });
});

describe('hit index', () => {
  it('finds the node under a point as a full scan would, on a 3,000-node layout', () => {
    const g = buildGraph(largeTree(2900));
    const layout = layoutGraph(g);
    const index = new HitIndex(layout);
    const scan = (x: number, y: number, reach: number) => {
      let best = -1;
      let bestDistance = reach;
      for (let i = 0; i < layout.x.length; i++) {
        const d = Math.hypot(layout.x[i]! - x, layout.y[i]! - y) - layout.size[i]!;
        if (d <= bestDistance) {
          bestDistance = d;
          best = i;
        }
      }
      return best;
    };
    for (let i = 0; i < g.nodes.length; i += 97) {
      expect(index.nearest(layout.x[i]!, layout.y[i]!, 4)).toBe(i);
      const x = layout.x[i]! + 7;
      const y = layout.y[i]! - 3;
      expect(index.nearest(x, y, 10)).toBe(scan(x, y, 10));
    }
    expect(index.nearest(layout.bounds.maxX + 500, 0, 10)).toBe(-1);
  });
});
