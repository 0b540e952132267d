/**
 * "Nothing cut off" for the identity graph: every node of the tree the page drew, laid out by the app's own
 * layout, lies inside the canvas with the camera the canvas reports (`data-camera`).
 */
import type { SearchTree } from '@hound/contracts';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { layoutGraph } from '../../packages/web/src/features/graph/layout.ts';
import { buildGraph } from '../../packages/web/src/features/graph/model.ts';

export async function expectGraphInFrame(page: Page, tree: SearchTree): Promise<void> {
  const canvas = page.locator('canvas[data-graph-nodes]');
  const graph = buildGraph(tree);
  const layout = layoutGraph(graph);
  expect(Number(await canvas.getAttribute('data-graph-nodes'))).toBe(graph.nodes.length);
  const box = (await canvas.boundingBox())!;
  const [cx, cy, k] = (await canvas.getAttribute('data-camera'))!.split(',').map(Number) as [number, number, number];
  const outside = graph.nodes.filter((node) => {
    const i = node.index;
    const r = Math.max(layout.size[i]! * k, node.search ? 5 : 2);
    const x = box.width / 2 + (layout.x[i]! - cx) * k;
    const y = box.height / 2 + (layout.y[i]! - cy) * k;
    return x - r < 0 || y - r < 0 || x + r > box.width || y + r > box.height;
  });
  expect(outside.map((n) => n.label)).toEqual([]);
}
