/**
 * One check's time budget. It starts when the check's first request gets its connection slots, so
 * time spent queued behind the concurrency limits is not charged to the site. `signal` fires when the
 * budget runs out or the caller cancels; `reason()` tells which.
 */
export class CheckClock {
  private readonly controller = new AbortController();
  private startedAt = 0;
  private timer?: NodeJS.Timeout;
  readonly signal: AbortSignal;

  constructor(
    readonly budgetMs: number,
    private readonly cancel?: AbortSignal,
  ) {
    this.signal = cancel ? AbortSignal.any([cancel, this.controller.signal]) : this.controller.signal;
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
    return this.cancel?.aborted ? 'cancelled' : 'timeout';
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
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
