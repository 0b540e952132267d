/**
 * One check's time budget. It starts when the check's first request gets its connection slots, so
 * time spent queued behind the concurrency limits is not charged to the site. `signal` fires when the
 * budget runs out or the caller cancels; `reason()` tells which.
 */
export class CheckClock {
  private readonly controller = new AbortController();
  private startedAt = 0;
  private timer?: NodeJS.Timeout;
  private readonly onCancel = () => this.controller.abort(new Error('cancelled'));
  private readonly cancels: AbortSignal[];
  readonly signal: AbortSignal = this.controller.signal;

  // Plain listeners rather than AbortSignal.any: thousands of checks per search share one cancel
  // signal, and composite signals cost GC work per check.
  constructor(
    readonly budgetMs: number,
    ...cancels: Array<AbortSignal | undefined>
  ) {
    this.cancels = cancels.filter((s): s is AbortSignal => s !== undefined);
    for (const cancel of this.cancels) {
      if (cancel.aborted) this.controller.abort(new Error('cancelled'));
      else cancel.addEventListener('abort', this.onCancel, { once: true });
    }
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
    for (const cancel of this.cancels) cancel.removeEventListener('abort', this.onCancel);
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
