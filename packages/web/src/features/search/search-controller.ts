/**
 * Runs one username search at a time against a SearchApi: start, then the SSE stream (results appear
 * as each site finishes), falling back to the spec's polling (at once, then every 10 s; 5 failed
 * polls in a row end the search with an error). Results are batched so thousands of events cost a
 * handful of renders.
 */
import type { Progress } from '@hound/contracts';
import type { SearchApi, SearchOptions } from '../../api/search-api.ts';
import type { ResultEntry, SearchAction } from './search-state.ts';
import { siteSelection } from './site-selection.ts';

export const POLL_INTERVAL_MS = 10_000;
export const MAX_POLL_FAILURES = 5;
const FLUSH_INTERVAL_MS = 120;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface SearchControllerDeps {
  api: SearchApi;
  dispatch: (action: SearchAction) => void;
  clock?: Clock;
  pollIntervalMs?: number;
}

export class SearchController {
  readonly #api: SearchApi;
  readonly #dispatch: (action: SearchAction) => void;
  readonly #clock: Clock;
  readonly #pollIntervalMs: number;
  /** Bumped by every start/cancel so late answers of an older search are dropped. */
  #generation = 0;
  #searchId: string | null = null;
  #closeStream: (() => void) | null = null;
  #pollTimer: unknown = null;
  #flushTimer: unknown = null;
  #pending: ResultEntry[] = [];
  #pendingProgress: Progress | undefined;
  #received = new Set<string>();
  #pollFailures = 0;

  constructor(deps: SearchControllerDeps) {
    this.#api = deps.api;
    this.#dispatch = deps.dispatch;
    this.#clock = deps.clock ?? realClock;
    this.#pollIntervalMs = deps.pollIntervalMs ?? POLL_INTERVAL_MS;
  }

  async start(username: string, deviceId: string, scope?: SearchOptions): Promise<void> {
    this.#stop();
    const generation = ++this.#generation;
    this.#dispatch({ type: 'start', username, at: this.#clock.now(), scope: siteSelection(scope) });
    const outcome = await this.#api.start(username, deviceId, scope);
    if (generation !== this.#generation) {
      // Cancelled (or replaced) while the start call was in flight: stop the orphan on the server too.
      if (outcome.ok) void this.#api.cancel(outcome.searchId);
      return;
    }
    if (!outcome.ok) {
      this.#dispatch({ type: 'fail', error: outcome.error, at: this.#clock.now() });
      return;
    }
    this.#searchId = outcome.searchId;
    this.#dispatch({ type: 'started', searchId: outcome.searchId });
    if (this.#api.stream) this.#openStream(outcome.searchId, generation);
    else this.#startPolling(outcome.searchId, generation);
  }

  /**
   * Reopens a stored search by id (`/search/{id}`): an ended one shows its stored results, a running
   * one is followed live from its first result. A search the server no longer has fails as `missing`.
   */
  async open(searchId: string): Promise<void> {
    this.#stop();
    const generation = ++this.#generation;
    this.#dispatch({ type: 'open', searchId, at: this.#clock.now() });
    const outcome = await this.#api.status(searchId);
    if (generation !== this.#generation) return;
    if (!outcome.ok) {
      this.#dispatch({
        type: 'fail',
        error: outcome.missing ? { kind: 'missing' } : { kind: 'unknown' },
        at: this.#clock.now(),
      });
      return;
    }
    this.#dispatch({ type: 'loaded', searchId, response: outcome.body, at: this.#clock.now() });
    const { status } = outcome.body;
    if (status !== 'queued' && status !== 'running') return;
    this.#searchId = searchId;
    if (this.#api.stream) this.#openStream(searchId, generation);
    else this.#startPolling(searchId, generation);
  }

  cancel(): void {
    const searchId = this.#searchId;
    this.#stop();
    this.#generation += 1;
    this.#dispatch({ type: 'cancel', at: this.#clock.now() });
    if (searchId) void this.#api.cancel(searchId);
  }

  /** Stops timers and the stream without touching the server (page left). */
  dispose(): void {
    this.#stop();
    this.#generation += 1;
  }

  #stop(): void {
    this.#closeStream?.();
    this.#closeStream = null;
    if (this.#pollTimer !== null) this.#clock.clearTimeout(this.#pollTimer);
    if (this.#flushTimer !== null) this.#clock.clearTimeout(this.#flushTimer);
    this.#pollTimer = null;
    this.#flushTimer = null;
    this.#pending = [];
    this.#pendingProgress = undefined;
    this.#received = new Set();
    this.#pollFailures = 0;
    this.#searchId = null;
  }

  #openStream(searchId: string, generation: number): void {
    this.#dispatch({ type: 'transport', searchId, transport: 'sse' });
    const live = () => generation === this.#generation;
    this.#closeStream = this.#api.stream!(searchId, {
      onResult: (event) => {
        if (!live()) return;
        this.#received.add(event.platform);
        this.#pending.push({ platform: event.platform, result: event.result });
        this.#pendingProgress = event.progress;
        this.#scheduleFlush(searchId);
      },
      onProgress: (progress) => {
        if (!live()) return;
        this.#pendingProgress = progress;
        this.#scheduleFlush(searchId);
      },
      onDone: (event) => {
        if (!live()) return;
        this.#closeStream = null;
        this.#flush(searchId);
        this.#dispatch({
          type: 'done',
          searchId,
          status: event.status,
          error: event.error,
          progress: event.progress,
          at: this.#clock.now(),
        });
        // A stream that skipped results (e.g. a proxy dropped events) is completed from the status call.
        if (event.status === 'completed' && this.#received.size < event.progress.total)
          void this.#reconcile(searchId, generation);
      },
      onUnavailable: () => {
        if (!live()) return;
        this.#closeStream = null;
        this.#flush(searchId);
        this.#startPolling(searchId, generation);
      },
    });
  }

  async #reconcile(searchId: string, generation: number): Promise<void> {
    const outcome = await this.#api.status(searchId);
    if (outcome.ok && generation === this.#generation) {
      this.#dispatch({ type: 'snapshot', searchId, response: outcome.body, at: this.#clock.now() });
    }
  }

  #scheduleFlush(searchId: string): void {
    if (this.#flushTimer !== null) return;
    this.#flushTimer = this.#clock.setTimeout(() => {
      this.#flushTimer = null;
      this.#flush(searchId);
    }, FLUSH_INTERVAL_MS);
  }

  #flush(searchId: string): void {
    if (this.#flushTimer !== null) this.#clock.clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    if (this.#pending.length === 0 && !this.#pendingProgress) return;
    this.#dispatch({ type: 'results', searchId, entries: this.#pending, progress: this.#pendingProgress });
    this.#pending = [];
    this.#pendingProgress = undefined;
  }

  #startPolling(searchId: string, generation: number): void {
    this.#dispatch({ type: 'transport', searchId, transport: 'polling' });
    this.#pollFailures = 0;
    void this.#poll(searchId, generation);
  }

  async #poll(searchId: string, generation: number): Promise<void> {
    this.#pollTimer = null;
    const outcome = await this.#api.status(searchId);
    if (generation !== this.#generation) return;
    if (outcome.ok) {
      this.#pollFailures = 0;
      this.#dispatch({ type: 'snapshot', searchId, response: outcome.body, at: this.#clock.now() });
      const { status } = outcome.body;
      if (status === 'completed' || status === 'error' || status === 'cancelled') return;
    } else {
      this.#pollFailures += 1;
      if (this.#pollFailures >= MAX_POLL_FAILURES) {
        this.#dispatch({ type: 'fail', error: { kind: 'polling' }, at: this.#clock.now() });
        return;
      }
    }
    this.#pollTimer = this.#clock.setTimeout(() => void this.#poll(searchId, generation), this.#pollIntervalMs);
  }
}
