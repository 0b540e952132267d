/**
 * Result batches of every running search are written one per event-loop turn. PGlite runs its queries
 * synchronously, one after another in the same macrotask while more are queued; twenty searches flushing at
 * once would hold the loop — and every API request behind it — for their whole burst (decision 087). A turn
 * between two batches lets the requests that arrived meanwhile in.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

export interface WriteTurns {
  run<T>(write: () => Promise<T>): Promise<T>;
}

export function createWriteTurns(): WriteTurns {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(write) {
      const turn = tail.then(() => nextTurn()).then(write);
      tail = turn.catch(() => {});
      return turn;
    },
  };
}
