import type { CheckResponse } from '../../model.ts';
import { sleep } from '../clock.ts';
import { TransportError } from '../errors.ts';
import type { Interceptor } from '../send.ts';

/** Gateway errors that usually mean "try again in a moment". */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);
const BASE_BACKOFF_MS = 200;

function backoffMs(attempt: number): number {
  const base = BASE_BACKOFF_MS * 2 ** attempt;
  return base + Math.floor(Math.random() * base);
}

/**
 * Retries transient failures with exponential backoff and jitter, within the check's budget:
 * connection reset/refused before any response (any method — nothing reached the application), and
 * for GET/HEAD a malformed answer (the garbled connection is dropped, so the retry gets a fresh one)
 * and 502/503/504. Timeouts are not retried (the budget is spent), nor TLS/DNS errors
 * (they do not heal in a second).
 */
export function withRetry(retries: number): Interceptor {
  return (next) => async (request, ctx) => {
    const idempotent = request.method === 'GET' || request.method === 'HEAD';
    for (let attempt = 0; ; attempt++) {
      let response: CheckResponse | undefined;
      let failure: TransportError | undefined;
      try {
        response = await next(request, ctx);
      } catch (error) {
        if (!(error instanceof TransportError)) throw error;
        failure = error;
      }
      const transient = failure
        ? failure.code === 'network' && (failure.beforeResponse || (idempotent && failure.malformedResponse))
        : idempotent && TRANSIENT_STATUSES.has((response as CheckResponse).status);
      const wait = backoffMs(attempt);
      if (!transient || attempt >= retries || wait * 2 > ctx.clock.remainingMs()) {
        if (failure) throw failure;
        return response as CheckResponse;
      }
      try {
        await sleep(wait, ctx.clock.signal);
      } catch {
        throw ctx.abortError();
      }
      ctx.notes.push(`retried after ${failure ? failure.code : `HTTP ${(response as CheckResponse).status}`}`);
    }
  };
}
