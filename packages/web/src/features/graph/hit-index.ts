/**
 * Which node is under the pointer, in constant time for thousands of nodes: a uniform grid of buckets over
 * the layout, searched in the cells around the point only.
 */
import type { GraphLayout } from './layout.ts';

export class HitIndex {
  private readonly cells = new Map<number, number[]>();
  private readonly cell: number;

  constructor(
    private readonly layout: GraphLayout,
    cell = 40,
  ) {
    this.cell = cell;
    for (let i = 0; i < layout.x.length; i++) {
      const key = this.key(Math.floor(layout.x[i]! / cell), Math.floor(layout.y[i]! / cell));
      const list = this.cells.get(key);
      if (list) list.push(i);
      else this.cells.set(key, [i]);
    }
  }

  private key(cx: number, cy: number): number {
    // Cells of a layout stay well within ±2^20 of the origin.
    return (cx + 1_048_576) * 2_097_152 + (cy + 1_048_576);
  }

  /** The node whose disc is nearest (x, y), within `reach` world units of its edge; -1 if none. */
  nearest(x: number, y: number, reach: number): number {
    const { x: xs, y: ys, size } = this.layout;
    const span = Math.ceil((reach + 20) / this.cell);
    const cx = Math.floor(x / this.cell);
    const cy = Math.floor(y / this.cell);
    let best = -1;
    let bestDistance = reach;
    for (let i = cx - span; i <= cx + span; i++) {
      for (let j = cy - span; j <= cy + span; j++) {
        for (const n of this.cells.get(this.key(i, j)) ?? []) {
          const d = Math.hypot(xs[n]! - x, ys[n]! - y) - size[n]!;
          if (d <= bestDistance) {
            bestDistance = d;
            best = n;
          }
        }
      }
    }
    return best;
  }
}
