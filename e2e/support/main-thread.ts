/**
 * The page's main-thread tasks during an interaction, from a Chromium trace: each task's wall time and the
 * CPU time the renderer's main thread itself spent in it (decision 125). On a busy two-core machine a task's
 * wall time also counts the moments the system gave the core to another process; its CPU time is the
 * page's own work, which is what "no long task over 200 ms" is about.
 */
import type { Browser, Page } from 'playwright-core';

/** A task of 50 ms or more of wall time (the Long Tasks API's threshold), under the step it ran in. */
export interface MainThreadTask {
  step: string;
  ms: number;
  cpuMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

export interface MainThreadWatch {
  /** Marks where a step begins, in the trace (`console.timeStamp`). */
  step(name: string): Promise<void>;
  /** Ends the trace: the long tasks, and the steps in order. */
  stop(): Promise<{ tasks: MainThreadTask[]; steps: string[] }>;
}

export async function watchMainThread(browser: Browser, page: Page): Promise<MainThreadWatch> {
  // DevTools' own categories: `RunTask` (with thread time) is the task its Performance panel shows.
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const steps: string[] = [];
  return {
    async step(name) {
      steps.push(name);
      await page.evaluate((label) => console.timeStamp(label), name);
    },
    async stop() {
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      return { tasks: longTasksOf(trace.traceEvents), steps };
    },
  };
}

function longTasksOf(events: TraceEvent[]): MainThreadTask[] {
  const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const renderers = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadOf),
  );
  // The watched page's main thread is the renderer thread that holds the step marks (other pages of the
  // browser are in the trace too).
  const marks = events
    .filter((e) => e.name === 'TimeStamp' && renderers.has(threadOf(e)))
    .map((e) => ({ ts: e.ts, thread: threadOf(e), name: e.args?.data?.message ?? '?' }))
    .sort((a, b) => a.ts - b.ts);
  const main = marks[0]?.thread;
  if (!main) throw new Error('the trace holds no step mark of the page');
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && threadOf(e) === main);
  if (tasks.length === 0) throw new Error('the trace holds no main-thread task of the page');
  if (tasks.some((e) => e.tdur === undefined)) throw new Error('the trace holds no thread times (tdur)');
  return tasks
    .filter((e) => e.dur! >= 50_000 && e.ts >= marks[0]!.ts)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({
      step: marks.findLast((m) => m.ts <= e.ts)!.name,
      ms: Math.round(e.dur! / 1000),
      cpuMs: Math.round(e.tdur! / 1000),
    }));
}
