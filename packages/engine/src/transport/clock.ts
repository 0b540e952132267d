import { whenAborted } from './abort-registry.ts';

/**
 * One check's time budget. It starts when the check's first request gets its connection slots, so
 * time spent queued behind the concurrency limits is not charged to the site. `signal` fires when the
 * budget runs out or the caller cancels; `abortReason()` tells which.
 */
export class CheckClock {
  private readonly controller = new AbortController();
  private startedAt = 0;
  private timer?: NodeJS.Timeout;
  private readonly cancels: AbortSignal[];
  private readonly unregister: Array<() => void>;
  readonly signal: AbortSignal = this.controller.signal;

  // whenAborted rather than AbortSignal.any or addEventListener: thousands of checks share one cancel
  // signal (see abort-registry.ts).
  constructor(
    readonly budgetMs: number,
    ...cancels: Array<AbortSignal | undefined>
  ) {
    this.cancels = cancels.filter((s): s is AbortSignal => s !== undefined);
    const cancel = () => this.controller.abort(new Error('cancelled'));
    this.unregister = this.cancels.map((signal) => whenAborted(signal, cancel));
  }

  /** Starts the budget (idempotent). */
  start(): void {
    if (this.startedAt) return;
    this.startedAt = performance.now();
    this.timer = setTimeout(() => this.controller.abort(new Error('check time budget exhausted')), this.budgetMs);
  }

  get started(): boolean {
    return this.startedAt > 0;
  }

  /** Milliseconds left in the budget (the full budget before start). */
  remainingMs(): number {
    if (!this.startedAt) return this.budgetMs;
    return Math.max(0, this.budgetMs - (performance.now() - this.startedAt));
  }

  /** Why the signal fired: `cancelled` by the caller or `timeout` of the budget. */
  abortReason(): 'cancelled' | 'timeout' {
    return this.cancels.some((s) => s.aborted) ? 'cancelled' : 'timeout';
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const unregister of this.unregister) unregister();
  }
}

/** Resolves after `ms`, or rejects as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
