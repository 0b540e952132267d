import type { Clock } from '../features/search/search-controller.ts';

/** A clock that only moves when told to, for timer-driven code. */
export class ManualClock implements Clock {
  time = 0;
  #tasks = new Map<number, { at: number; fn: () => void }>();
  #next = 1;

  now = () => this.time;

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = this.#next++;
    this.#tasks.set(id, { at: this.time + ms, fn });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.#tasks.delete(handle as number);
  };

  get pending(): number {
    return this.#tasks.size;
  }

  /** Moves time forward, running every task that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.#tasks].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#tasks.delete(due[0]);
      this.time = due[1].at;
      due[1].fn();
    }
    this.time = end;
  }
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
