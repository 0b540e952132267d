/**
 * Concurrency limits: a global cap shared fairly between searches (round-robin over groups, so one
 * big search cannot starve another) and a per-host cap (politeness), shared between searches the same
 * way on each host. A host that answered 429 can be
 * paused; its queued requests wait until the pause ends.
 */

import { whenAborted } from './abort-registry.ts';

type Release = () => void;

interface Waiter {
  resolve: (release: Release) => void;
  reject: (error: unknown) => void;
  cleanup: () => void;
  /** Set when the waiter's signal aborted; it stays queued (removal would be linear) and is skipped. */
  cancelled?: boolean;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('aborted', 'AbortError');
}

/** Registers `handler` for the signal's abort; returns the function that removes it. */
function onAbort(signal: AbortSignal | undefined, handler: () => void): () => void {
  return signal ? whenAborted(signal, handler) : () => {};
}

/**
 * A promise for a slot: the waiter is handed to `enqueue`; an abort marks it cancelled (it stays queued
 * and is skipped), rejects it and then calls `onCancelled`.
 */
function waitForSlot(
  signal: AbortSignal | undefined,
  enqueue: (waiter: Waiter) => void,
  onCancelled?: () => void,
): Promise<Release> {
  return new Promise<Release>((resolve, reject) => {
    const waiter: Waiter = {
      resolve,
      reject,
      cleanup: onAbort(signal, () => {
        waiter.cancelled = true;
        reject(abortError(signal as AbortSignal));
        onCancelled?.();
      }),
    };
    enqueue(waiter);
  });
}

/** Global cap with one FIFO queue per group, served round-robin. */
export class FairSemaphore {
  private active = 0;
  /** Insertion order is the round-robin order: a served group moves to the back. */
  private readonly queues = new Map<string, Waiter[]>();

  constructor(private limit: number) {}

  get inFlight(): number {
    return this.active;
  }

  /** The current cap (an AdaptiveLimit moves it). */
  get cap(): number {
    return this.limit;
  }

  /** Whether some acquire is waiting for a slot. */
  get queued(): boolean {
    return this.queues.size > 0;
  }

  /** Changes the cap; a higher one lets waiters in at once, a lower one takes effect as slots free up. */
  setCap(limit: number): void {
    this.limit = limit;
    this.next();
  }

  acquire(group: string, signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return waitForSlot(signal, (waiter) => {
      const queue = this.queues.get(group);
      if (queue) queue.push(waiter);
      else this.queues.set(group, [waiter]);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.next();
    };
  }

  private next(): void {
    while (this.active < this.limit) {
      const first = this.queues.entries().next();
      if (first.done) return;
      const [group, queue] = first.value;
      const waiter = queue.shift() as Waiter;
      this.queues.delete(group);
      if (queue.length > 0) this.queues.set(group, queue);
      if (waiter.cancelled) continue;
      waiter.cleanup();
      this.active++;
      waiter.resolve(this.releaser());
    }
  }
}

interface HostState {
  active: number;
  /** Waiters by group (one per search); insertion order is the round-robin order. */
  queues: Map<string, Waiter[]>;
  /** Waiters queued and not cancelled: none means a free slot can be taken at once. */
  live: number;
  pausedUntil: number;
  timer?: NodeJS.Timeout;
}

/**
 * Per-host cap with Retry-After pauses. A host's waiters queue by group (one per search) and a freed slot
 * goes to the groups in turn, so a search that queued many requests on a host does not hold back the
 * searches that came after it (decision 152).
 */
export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly limit: number) {}

  /** Current in-flight count for a host (for tests and diagnostics). */
  inFlight(host: string): number {
    return this.hosts.get(host)?.active ?? 0;
  }

  acquire(host: string, group: string, signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(abortError(signal));
    const state = this.state(host);
    if (state.live === 0 && state.active < this.limit && state.pausedUntil <= Date.now()) {
      state.queues.clear();
      state.active++;
      return Promise.resolve(this.releaser(host, state));
    }
    return waitForSlot(
      signal,
      (waiter) => {
        const queue = state.queues.get(group);
        if (queue) queue.push(waiter);
        else state.queues.set(group, [waiter]);
        state.live++;
        this.drain(host, state);
      },
      () => {
        state.live--;
        // Let the next request drain the queue (skipping this one); nothing more to do here.
        queueMicrotask(() => this.drain(host, state));
      },
    );
  }

  /** Holds back new requests to `host` until `untilMs` (epoch ms); in-flight ones are not touched. */
  pause(host: string, untilMs: number): void {
    const state = this.state(host);
    if (untilMs > state.pausedUntil) state.pausedUntil = untilMs;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, queues: new Map(), live: 0, pausedUntil: 0 };
      this.hosts.set(host, state);
    }
    return state;
  }

  private releaser(host: string, state: HostState): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      state.active--;
      this.drain(host, state);
    };
  }

  private drain(host: string, state: HostState): void {
    const wait = state.pausedUntil - Date.now();
    if (wait > 0) {
      if (!state.timer && state.queues.size > 0) {
        state.timer = setTimeout(() => {
          state.timer = undefined;
          this.drain(host, state);
        }, wait);
      }
      return;
    }
    while (state.active < this.limit) {
      const first = state.queues.entries().next();
      if (first.done) break;
      const [group, queue] = first.value;
      const waiter = queue.shift() as Waiter;
      // The served group goes to the back of the turn.
      state.queues.delete(group);
      if (queue.length > 0) state.queues.set(group, queue);
      if (waiter.cancelled) continue;
      waiter.cleanup();
      state.live--;
      state.active++;
      waiter.resolve(this.releaser(host, state));
    }
    this.forgetIfIdle(host, state);
  }

  private forgetIfIdle(host: string, state: HostState): void {
    if (state.active === 0 && state.queues.size === 0 && state.pausedUntil <= Date.now() && !state.timer) {
      this.hosts.delete(host);
    }
  }
}
