/**
 * The graph on one <canvas> (no DOM node per graph node): wheel, pinch, drag, buttons and keys move the view;
 * a click (or tap) picks the node under it. Drawing happens at most once a frame, and only when something
 * changed. The current view is mirrored in `data-camera` so a journey can find a node on screen.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { button } from '../../components/ui.ts';
import { type Camera, centreOn, fitCamera, panBy, toWorld, zoomAt } from './camera.ts';
import { HitIndex } from './hit-index.ts';
import type { GraphLayout } from './layout.ts';
import type { IdentityGraph } from './model.ts';
import { drawGraph, PALETTES } from './renderer.ts';

export interface FocusRequest {
  node: number;
  /** Changes on every request, so choosing the same node again centres it again. */
  nonce: number;
}

interface Props {
  graph: IdentityGraph;
  layout: GraphLayout;
  selected: number;
  onSelect(node: number): void;
  focus: FocusRequest | null;
  theme: 'light' | 'dark';
  label: string;
  describedBy: string;
  strings: { controls: string; zoomIn: string; zoomOut: string; fit: string };
}

const KEY_PAN: Record<string, [number, number]> = {
  ArrowLeft: [60, 0],
  ArrowRight: [-60, 0],
  ArrowUp: [0, 60],
  ArrowDown: [0, -60],
};

export function GraphCanvas(props: Props) {
  const { graph, layout, selected, onSelect, focus, theme } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const camera = useRef<Camera | null>(null);
  const view = useRef({ width: 0, height: 0, dpr: 1 });
  const frame = useRef(0);
  /** Until the visitor moves the view, it keeps the whole graph in frame as the canvas changes size. */
  const moved = useRef(false);
  const hovered = useRef(-1);
  const hits = useMemo(() => new HitIndex(layout), [layout]);
  const current = useRef({ graph, layout, selected, theme });
  current.current = { graph, layout, selected, theme };

  const render = useCallback(() => {
    frame.current = 0;
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    const cam = camera.current;
    if (!canvas || !ctx || !cam || !view.current.width) return;
    const c = current.current;
    drawGraph(ctx, c.graph, c.layout, cam, view.current, c.selected, PALETTES[c.theme], hovered.current);
    canvas.dataset.camera = `${cam.x},${cam.y},${cam.k}`;
  }, []);
  const schedule = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(render);
  }, [render]);
  const move = useCallback(
    (next: (cam: Camera) => Camera) => {
      if (!camera.current) return;
      moved.current = true;
      camera.current = next(camera.current);
      schedule();
    },
    [schedule],
  );
  const fit = useCallback(() => {
    moved.current = false;
    camera.current = fitCamera(current.current.layout.bounds, view.current);
    schedule();
  }, [schedule]);

  // The canvas follows its box (and the screen's pixel density); the first size fits the graph.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const measure = () => {
      const rect = canvas.getBoundingClientRect();
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      view.current = { width: rect.width, height: rect.height, dpr };
      canvas.width = Math.max(1, Math.round(rect.width * dpr));
      canvas.height = Math.max(1, Math.round(rect.height * dpr));
      if (!camera.current || !moved.current) camera.current = fitCamera(current.current.layout.bounds, view.current);
      render();
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [render]);

  // A new graph starts fitted.
  useEffect(() => {
    moved.current = false;
    hovered.current = -1;
    if (view.current.width) camera.current = fitCamera(layout.bounds, view.current);
    schedule();
  }, [layout, schedule]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when the selection or the theme changes
  useEffect(() => schedule(), [selected, theme, schedule]);
  useEffect(() => {
    if (focus && focus.node >= 0) move((cam) => centreOn(cam, layout.x[focus.node]!, layout.y[focus.node]!, 1.2));
  }, [focus, layout, move]);

  // Wheel zoom needs a listener that may cancel the page's scroll (React's is passive).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      move((cam) =>
        zoomAt(cam, view.current, Math.exp(-delta * 0.0015), event.clientX - rect.left, event.clientY - rect.top),
      );
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [move]);

  // Pointers: one drags, two pinch; a press that barely moved is a click.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const travel = useRef(0);
  const local = (event: React.PointerEvent) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const onPointerDown = (event: React.PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, local(event));
    if (pointers.current.size === 1) travel.current = 0;
    else travel.current = Number.POSITIVE_INFINITY;
  };
  const onPointerMove = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) {
      // No button down: the node under a mouse pointer gets its label.
      if (event.pointerType !== 'mouse' || !camera.current) return;
      const at = local(event);
      const p = toWorld(camera.current, view.current, at.x, at.y);
      const node = hits.nearest(p.x, p.y, 10 / camera.current.k);
      if (node !== hovered.current) {
        hovered.current = node;
        schedule();
      }
      return;
    }
    const now = local(event);
    if (pointers.current.size === 1) {
      travel.current += Math.abs(now.x - before.x) + Math.abs(now.y - before.y);
      move((cam) => panBy(cam, now.x - before.x, now.y - before.y));
    } else if (pointers.current.size === 2) {
      const other = [...pointers.current].find(([id]) => id !== event.pointerId)![1];
      const was = Math.hypot(before.x - other.x, before.y - other.y);
      const is = Math.hypot(now.x - other.x, now.y - other.y);
      const mid = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
      const midBefore = { x: (before.x + other.x) / 2, y: (before.y + other.y) / 2 };
      move((cam) =>
        zoomAt(
          panBy(cam, mid.x - midBefore.x, mid.y - midBefore.y),
          view.current,
          was > 0 ? is / was : 1,
          mid.x,
          mid.y,
        ),
      );
    }
    pointers.current.set(event.pointerId, now);
  };
  const onPointerUp = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const at = pointers.current.get(event.pointerId);
    pointers.current.delete(event.pointerId);
    if (!at || pointers.current.size > 0 || travel.current > 5 || !camera.current) return;
    const p = toWorld(camera.current, view.current, at.x, at.y);
    onSelect(hits.nearest(p.x, p.y, 10 / camera.current.k));
  };
  const onPointerCancel = (event: React.PointerEvent<HTMLCanvasElement>) => {
    pointers.current.delete(event.pointerId);
    travel.current = Number.POSITIVE_INFINITY;
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLCanvasElement>) => {
    const pan = KEY_PAN[event.key];
    const centre = { x: view.current.width / 2, y: view.current.height / 2 };
    if (pan) move((cam) => panBy(cam, pan[0], pan[1]));
    else if (event.key === '+' || event.key === '=') move((cam) => zoomAt(cam, view.current, 1.25, centre.x, centre.y));
    else if (event.key === '-' || event.key === '_') move((cam) => zoomAt(cam, view.current, 0.8, centre.x, centre.y));
    else if (event.key === '0') fit();
    else if (event.key === 'Escape') onSelect(-1);
    else return;
    event.preventDefault();
  };

  const zoomButton = (factor: number) => () =>
    move((cam) => zoomAt(cam, view.current, factor, view.current.width / 2, view.current.height / 2));
  const control = `${button.secondary} h-9 w-9 p-0 text-lg leading-none`;

  return (
    <div className="relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
      <canvas
        ref={canvasRef}
        // The canvas takes keys (pan, zoom); the list below the graph is its text alternative.
        tabIndex={0}
        role="img"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        data-graph-nodes={graph.nodes.length}
        className="block h-[60vh] max-h-[44rem] min-h-80 w-full cursor-grab touch-none outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-inset active:cursor-grabbing dark:focus-visible:ring-amber-400"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={() => {
          if (hovered.current < 0) return;
          hovered.current = -1;
          schedule();
        }}
        onKeyDown={onKeyDown}
      />
      <fieldset className="absolute top-2 right-2 flex flex-col gap-1">
        <legend className="sr-only">{props.strings.controls}</legend>
        <button
          type="button"
          className={control}
          aria-label={props.strings.zoomIn}
          title={props.strings.zoomIn}
          onClick={zoomButton(1.4)}
        >
          +
        </button>
        <button
          type="button"
          className={control}
          aria-label={props.strings.zoomOut}
          title={props.strings.zoomOut}
          onClick={zoomButton(1 / 1.4)}
        >
          −
        </button>
        <button
          type="button"
          className={control}
          aria-label={props.strings.fit}
          title={props.strings.fit}
          onClick={fit}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          >
            <path d="M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4" />
          </svg>
        </button>
      </fieldset>
    </div>
  );
}
