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
  /**
   * The host as email searches see it: the full engine once loaded, and until then an engine with the
   * email checks only, which needs nothing from the internet (decision 101). Without `createEmailOnly`,
   * the host itself.
   */
  forEmail(): EngineHost;
  close(): Promise<void>;
}

export interface EngineHostOptions {
  create: () => Promise<Engine>;
  /** An engine with the email checks and no username catalogues, served to email searches until `create` succeeds. */
  createEmailOnly?: () => Promise<Engine>;
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
  let emailOnly: Slot | undefined;
  let emailOnlyAt: string | undefined;
  let emailWaiters: Array<(engine: Engine) => void> = [];

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
      if (emailOnly) retire(emailOnly);
      emailOnly = undefined;
      state = { ready: true, loadedAt: new Date().toISOString() };
      options.log.info({ sites: engine.sites.length }, 'catalogues loaded');
      for (const resolve of [...readyWaiters, ...emailWaiters]) resolve(engine);
      readyWaiters = [];
      emailWaiters = [];
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

  async function loadEmailOnly(create: () => Promise<Engine>, failures: number): Promise<void> {
    if (closed || slot) return;
    try {
      const engine = await create();
      if (closed || slot) return void (await engine.close());
      emailOnly = { engine, users: 0, retired: false };
      emailOnlyAt = new Date().toISOString();
      options.log.info({ checks: engine.emailChecks.length }, 'email checks loaded');
      for (const resolve of emailWaiters) resolve(engine);
      emailWaiters = [];
    } catch (error) {
      const delay = Math.min(retryMax, retryMin * 2 ** failures);
      options.log.warn(
        { err: error instanceof Error ? error.message : String(error), retryInMs: delay },
        'email check load failed',
      );
      setTimeout(() => void loadEmailOnly(create, failures + 1), delay).unref();
    }
  }

  function leaseOf(s: Slot | undefined): EngineLease | undefined {
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
  }

  void load(0);
  if (options.createEmailOnly) void loadEmailOnly(options.createEmailOnly, 0);

  async function close() {
    closed = true;
    clearTimeout(timer);
    await Promise.all([slot, emailOnly].map((s) => s?.engine.close().catch(() => {})));
    slot = undefined;
    emailOnly = undefined;
  }

  const host: EngineHost = {
    current: () => slot?.engine,
    lease: () => leaseOf(slot),
    state: () => state,
    whenReady() {
      if (slot) return Promise.resolve(slot.engine);
      return new Promise((resolve) => readyWaiters.push(resolve));
    },
    forEmail: () => (options.createEmailOnly ? emailHost : host),
    close,
  };
  const emailHost: EngineHost = {
    current: () => (slot ?? emailOnly)?.engine,
    lease: () => leaseOf(slot ?? emailOnly),
    state: () => (slot || !emailOnly ? state : { ready: true, loadedAt: emailOnlyAt! }),
    whenReady() {
      const s = slot ?? emailOnly;
      if (s) return Promise.resolve(s.engine);
      return new Promise((resolve) => emailWaiters.push(resolve));
    },
    forEmail: () => emailHost,
    close,
  };
  return host;
}
