import type { CheckRequest, CheckResponse } from '../model.ts';
import type { CheckClock } from './clock.ts';
import type { TransportError } from './errors.ts';
import type { BodyScan } from './read-body.ts';

/** Per-check state every transport layer sees. */
export interface SendContext {
  clock: CheckClock;
  /** Fairness group for the global limit (one per search). */
  group: string;
  /** The error to throw once `clock.signal` has fired (`timeout` or `cancelled`). */
  abortError(): TransportError;
  /** Notes for the result's evidence, e.g. an honoured Retry-After. */
  notes: string[];
  /** Bytes of body kept for this request, when not the transport's cap. */
  maxBodyBytes?: number;
  /** What to look for past the kept body (docs/decisions/084-long-pages-and-weak-markers.md). */
  scan?: BodyScan;
}

/** Sends one check's request; resolves with the response the rules judge, or throws a TransportError. */
export type Send = (request: CheckRequest, ctx: SendContext) => Promise<CheckResponse>;

/** A transport layer: wraps the next Send with one concern (limits, redirects, 429, retries). */
export type Interceptor = (next: Send) => Send;

/** compose([a, b, c], send) = a(b(c(send))): the first interceptor is the outermost. */
export function compose(interceptors: Interceptor[], send: Send): Send {
  return interceptors.reduceRight((next, interceptor) => interceptor(next), send);
}
