import { sleep } from '../clock.ts';
import { TransportError } from '../errors.ts';
import type { HostLimiter } from '../limiter.ts';
import type { Interceptor } from '../send.ts';

/** Wait used when a 429 carries no usable Retry-After. */
const DEFAULT_WAIT_MS = 1_000;

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Honours 429 Too Many Requests: when Retry-After fits in the check's remaining budget, pauses the whole
 * host for that long and retries the check (at most `maxWaits` times). Otherwise the check ends as
 * `rate_limited` — a 429 is never handed to the rules, where it could read as "not found".
 */
export function withRateLimit(hosts: HostLimiter, maxWaits: number): Interceptor {
  return (next) => async (request, ctx) => {
    for (let waits = 0; ; waits++) {
      const response = await next(request, ctx);
      if (response.status !== 429) return response;
      const waitMs = parseRetryAfter(response.headers['retry-after']) ?? DEFAULT_WAIT_MS;
      const seconds = (waitMs / 1000).toFixed(1);
      if (waits >= maxWaits) {
        throw new TransportError('rate_limited', `still 429 after waiting out Retry-After ${waits} times`);
      }
      // Keep a little budget for the retried request itself.
      if (waitMs + 250 > ctx.clock.remainingMs()) {
        throw new TransportError('rate_limited', `429 with Retry-After ${seconds} s, beyond the check's time budget`);
      }
      // Other checks queued for this host wait too; a pause longer than a budget is never set.
      hosts.pause(new URL(response.finalUrl).host, Date.now() + waitMs);
      try {
        await sleep(waitMs, ctx.clock.signal);
      } catch {
        throw ctx.abortError();
      }
      ctx.notes.push(`honoured Retry-After ${seconds} s`);
    }
  };
}
