/**
 * Owns this process's engine: loads the catalogues in the background (a failure never stops the server;
 * it retries with backoff), swaps in a fresh engine on each refresh, and closes a replaced engine once the
 * searches still using it have finished.
 */
import type { Engine } from '@hound/engine';
import type { FastifyBaseLogger } from 'fastify';

export interface EngineLease {
  engine: Engine;
  release(): void;
}

export interface EngineState {
  ready: boolean;
  loadedAt?: string;
  /** The last load error, while not ready or after a failed refresh. */
  error?: string;
  /** No catalogue could be downloaded and none is cached: retrying alone will not help, the operator must act. */
  unavailable?: boolean;
}

/** What the operator can do when no site list could be downloaded (the log, /readyz and searches say it). */
export const CATALOGUES_UNAVAILABLE_ADVICE =
  'Let the server reach the internet (or set HOUND_PROXY), or set HOUND_CATALOGUES to catalogue files on this machine, then restart.';

/** The engine's message speaks to the CLI (`--catalogue FILE`); the server is configured by HOUND_CATALOGUES. */
export function serverMessage(message: string): string {
  return message.replace(/\n?Connect to the internet once \(or pass --catalogue FILE\) and try again\.?/, '').trim();
}

export interface EngineHost {
  /** The loaded engine, or undefined while the catalogues are loading. */
  current(): Engine | undefined;
  /** Borrows the current engine for a search; it stays open until released. */
  lease(): EngineLease | undefined;
  state(): EngineState;
  /** Resolves once an engine is loaded. */
  whenReady(): Promise<Engine>;
  close(): Promise<void>;
}

export interface EngineHostOptions {
  create: () => Promise<Engine>;
  /** 0 disables refreshing. */
  refreshMs: number;
  log: FastifyBaseLogger;
  retryMinMs?: number;
  retryMaxMs?: number;
}

interface Slot {
  engine: Engine;
  users: number;
  retired: boolean;
}

export function startEngineHost(options: EngineHostOptions): EngineHost {
  const retryMin = options.retryMinMs ?? 5_000;
  const retryMax = options.retryMaxMs ?? 5 * 60_000;
  let slot: Slot | undefined;
  let state: EngineState = { ready: false };
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let readyWaiters: Array<(engine: Engine) => void> = [];

  function retire(old: Slot) {
    old.retired = true;
    if (old.users === 0) void old.engine.close().catch(() => {});
  }

  async function load(failures: number): Promise<void> {
    if (closed) return;
    try {
      const engine = await options.create();
      if (closed) return void (await engine.close());
      const previous = slot;
      slot = { engine, users: 0, retired: false };
      if (previous) retire(previous);
      state = { ready: true, loadedAt: new Date().toISOString() };
      options.log.info({ sites: engine.sites.length }, 'catalogues loaded');
      for (const resolve of readyWaiters) resolve(engine);
      readyWaiters = [];
      if (options.refreshMs > 0) schedule(options.refreshMs, 0);
    } catch (error) {
      const message = serverMessage(error instanceof Error ? error.message : String(error));
      const unavailable = (error as { code?: unknown } | null)?.code === 'catalogue_unavailable';
      const delay = Math.min(retryMax, retryMin * 2 ** failures);
      // Keep serving the engine we have if only the refresh failed.
      const { unavailable: _previous, ...rest } = state;
      state = { ...rest, error: message, ...(unavailable ? { unavailable: true } : {}) };
      if (unavailable && !slot) {
        options.log.error(
          { err: message, retryInMs: delay },
          `site catalogues could not be downloaded and none is cached: searches cannot run. ${CATALOGUES_UNAVAILABLE_ADVICE}`,
        );
      } else options.log.warn({ err: message, retryInMs: delay }, 'catalogue load failed');
      schedule(delay, failures + 1);
    }
  }

  function schedule(ms: number, failures: number) {
    if (closed) return;
    timer = setTimeout(() => void load(failures), ms);
    timer.unref();
  }

  void load(0);

  return {
    current: () => slot?.engine,
    lease() {
      const s = slot;
      if (!s) return undefined;
      s.users++;
      let released = false;
      return {
        engine: s.engine,
        release() {
          if (released) return;
          released = true;
          s.users--;
          if (s.retired && s.users === 0) void s.engine.close().catch(() => {});
        },
      };
    },
    state: () => state,
    whenReady() {
      if (slot) return Promise.resolve(slot.engine);
      return new Promise((resolve) => readyWaiters.push(resolve));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      if (slot) await slot.engine.close().catch(() => {});
      slot = undefined;
    },
  };
}
