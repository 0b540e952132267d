import { setMaxListeners } from 'node:events';
import type { Dispatcher } from 'undici';
import type { CheckRequest, CheckResponse } from '../model.ts';
import { AdaptiveLimit } from './adaptive-limit.ts';
import { CheckClock } from './clock.ts';
import { createDispatcher } from './dispatcher.ts';
import { TransportConfigError, TransportError } from './errors.ts';
import { withLimits } from './interceptors/limits.ts';
import { withRateLimit } from './interceptors/rate-limit.ts';
import { withRedirects } from './interceptors/redirects.ts';
import { withRetry } from './interceptors/retry.ts';
import { FairSemaphore, HostLimiter } from './limiter.ts';
import { type ResolvedTransportOptions, TRANSPORT_DEFAULTS, type TransportOptions } from './options.ts';
import { compose, type SendContext } from './send.ts';
import { createSendOnce } from './send-once.ts';

export interface SendOptions {
  /** Cancels this request (and its retries, waits and redirects). */
  signal?: AbortSignal;
  /** Fairness group for the global limit, e.g. one per search. @default 'default' */
  group?: string;
  /** Time budget for this check in ms. @default the transport's timeoutMs */
  timeoutMs?: number;
  /** Bytes of body kept for this request (e.g. a small read that only confirms a page). @default maxBodyBytes */
  maxBodyBytes?: number;
  /**
   * Strings to look for past the kept body, up to `maxScanBytes` (read when the kept part is full, so a
   * Set may still grow while the request is in flight). Without it a longer body is cut at the cap.
   */
  scanFor?: Iterable<string>;
}

/** Outcome of one check's request: the response the rules judge, or why there is none. */
export type SendResult =
  | { ok: true; response: CheckResponse; elapsedMs: number; notes: string[] }
  | { ok: false; error: TransportError; elapsedMs: number; notes: string[] };

export interface Transport {
  readonly options: Readonly<ResolvedTransportOptions>;
  /** The shared undici dispatcher (proxy, CA, keep-alive pools); also used for catalogue downloads. */
  readonly dispatcher: Dispatcher;
  send(request: CheckRequest, options?: SendOptions): Promise<SendResult>;
  /** In-flight requests across all hosts (for diagnostics and tests). */
  inFlight(): number;
  /** Closes every socket; in-flight requests fail as cancelled. */
  close(): Promise<void>;
}

const POSITIVE_INTEGER_OPTIONS = [
  'globalConcurrency',
  'perHostConcurrency',
  'connectTimeoutMs',
  'headersTimeoutMs',
  'bodyTimeoutMs',
  'timeoutMs',
  'maxBodyBytes',
  'maxScanBytes',
  'keepAliveTimeoutMs',
] as const;
const COUNT_OPTIONS = ['maxRedirects', 'retries', 'rateLimitWaits'] as const;

/** Fills defaults and rejects nonsense (non-integers, zero limits) with a TransportConfigError. */
export function resolveTransportOptions(options: TransportOptions = {}): ResolvedTransportOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const resolved = { ...TRANSPORT_DEFAULTS, ...defined } as ResolvedTransportOptions;
  resolved.headersTimeoutMs ??= resolved.timeoutMs;
  for (const name of POSITIVE_INTEGER_OPTIONS) {
    const value = resolved[name];
    if (!Number.isInteger(value) || value < 1) {
      throw new TransportConfigError('invalid_option', `${name} must be a positive integer, got ${String(value)}`);
    }
  }
  for (const name of COUNT_OPTIONS) {
    const value = resolved[name];
    if (!Number.isInteger(value) || value < 0 || value > 20) {
      throw new TransportConfigError('invalid_option', `${name} must be an integer from 0 to 20, got ${String(value)}`);
    }
  }
  for (const name of ['adaptiveConcurrency', 'allowPrivateAddresses'] as const) {
    if (typeof resolved[name] !== 'boolean') {
      throw new TransportConfigError('invalid_option', `${name} must be true or false`);
    }
  }
  if (!resolved.userAgent.trim() || /[\r\n]/.test(resolved.userAgent)) {
    throw new TransportConfigError('invalid_option', 'userAgent must be one non-empty line');
  }
  return resolved;
}

/**
 * A dispatcher that leaves the machine as the checks do — same proxy, CA and address checks — for a
 * program's other requests (the server's favicons, catalogue downloads).
 */
export function createTransportDispatcher(options: TransportOptions = {}): Dispatcher {
  return createDispatcher(resolveTransportOptions(options));
}

/**
 * The engine's network layer: one shared undici dispatcher wrapped by small interceptors, outermost
 * first — transient retries, 429 handling, redirects, concurrency limits — around one capped exchange.
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const resolved = resolveTransportOptions(options);
  const dispatcher: Dispatcher = createDispatcher(resolved);
  const global = new FairSemaphore(resolved.globalConcurrency);
  const hosts = new HostLimiter(resolved.perHostConcurrency);
  const adaptive = resolved.adaptiveConcurrency ? new AdaptiveLimit(global, resolved.globalConcurrency) : undefined;
  const send = compose(
    [
      withRetry(resolved.retries),
      withRateLimit(hosts, resolved.rateLimitWaits),
      withRedirects(resolved.maxRedirects),
      withLimits(global, hosts),
    ],
    createSendOnce({
      dispatcher,
      userAgent: resolved.userAgent,
      headersTimeoutMs: resolved.headersTimeoutMs,
      bodyTimeoutMs: resolved.bodyTimeoutMs,
      maxBodyBytes: resolved.maxBodyBytes,
    }),
  );
  const closing = new AbortController();
  setMaxListeners(0, closing.signal);

  return {
    options: resolved,
    dispatcher,
    inFlight: () => global.inFlight,
    async send(request, sendOptions = {}) {
      adaptive?.wake();
      const clock = new CheckClock(sendOptions.timeoutMs ?? resolved.timeoutMs, sendOptions.signal, closing.signal);
      const notes: string[] = [];
      const ctx: SendContext = {
        clock,
        group: sendOptions.group ?? 'default',
        notes,
        ...(sendOptions.maxBodyBytes ? { maxBodyBytes: sendOptions.maxBodyBytes } : {}),
        ...(sendOptions.scanFor ? { scan: { needles: sendOptions.scanFor, limitBytes: resolved.maxScanBytes } } : {}),
        abortError: () =>
          clock.abortReason() === 'cancelled'
            ? new TransportError('cancelled', 'search cancelled')
            : new TransportError('timeout', `no answer within ${clock.budgetMs} ms`),
      };
      const started = performance.now();
      const elapsed = () => Math.round(clock.started ? clock.budgetMs - clock.remainingMs() : 0);
      try {
        const response = await send(request, ctx);
        return { ok: true, response, elapsedMs: elapsed(), notes };
      } catch (error) {
        const failure =
          error instanceof TransportError
            ? error
            : clock.signal.aborted
              ? ctx.abortError()
              : new TransportError('network', error instanceof Error ? error.message : String(error));
        return { ok: false, error: failure, elapsedMs: elapsed() || Math.round(performance.now() - started), notes };
      } finally {
        clock.dispose();
      }
    },
    async close() {
      adaptive?.stop();
      closing.abort();
      await dispatcher.destroy();
    },
  };
}
