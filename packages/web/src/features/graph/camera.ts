/**
 * The view onto the graph: the world point shown at the canvas centre and the zoom (screen pixels per world
 * unit). Pure functions, so zoom-around-the-cursor and fitting are tested without a browser.
 */
import type { GraphLayout } from './layout.ts';

export interface Camera {
  x: number;
  y: number;
  k: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.01;
export const MAX_ZOOM = 12;
const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

/** The whole graph in view, with a margin in screen pixels. */
export function fitCamera(bounds: GraphLayout['bounds'], view: Viewport, margin = 24): Camera {
  const w = Math.max(1, bounds.maxX - bounds.minX);
  const h = Math.max(1, bounds.maxY - bounds.minY);
  const k = clampZoom(Math.min(Math.max(1, view.width - 2 * margin) / w, Math.max(1, view.height - 2 * margin) / h, 2));
  return { x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2, k };
}

export function toWorld(cam: Camera, view: Viewport, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - view.width / 2) / cam.k + cam.x, y: (sy - view.height / 2) / cam.k + cam.y };
}

export function toScreen(cam: Camera, view: Viewport, x: number, y: number): { x: number; y: number } {
  return { x: (x - cam.x) * cam.k + view.width / 2, y: (y - cam.y) * cam.k + view.height / 2 };
}

/** Zooms by `factor`, keeping the world point under screen point (sx, sy) where it is. */
export function zoomAt(cam: Camera, view: Viewport, factor: number, sx: number, sy: number): Camera {
  const k = clampZoom(cam.k * factor);
  const before = toWorld(cam, view, sx, sy);
  const dx = sx - view.width / 2;
  const dy = sy - view.height / 2;
  return { x: before.x - dx / k, y: before.y - dy / k, k };
}

/** Moves the view by a drag of (dx, dy) screen pixels: the graph follows the pointer. */
export function panBy(cam: Camera, dx: number, dy: number): Camera {
  return { x: cam.x - dx / cam.k, y: cam.y - dy / cam.k, k: cam.k };
}

/** Centres a world point, zooming in to at least `minZoom`. */
export function centreOn(cam: Camera, x: number, y: number, minZoom = 0): Camera {
  return { x, y, k: clampZoom(Math.max(cam.k, minZoom)) };
}
