import type { Dispatcher } from 'undici';
import type { CheckRequest, CheckResponse } from '../model.ts';
import { toTransportError } from './errors.ts';
import { type CappedBody, readCappedBody } from './read-body.ts';
import type { SendContext } from './send.ts';

export interface SendOnceOptions {
  dispatcher: Dispatcher;
  userAgent: string;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxBodyBytes: number;
}

const DEFAULT_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

/** Lower-cases header names; catalogue headers win over Hound's defaults (including User-Agent). */
function requestHeaders(request: CheckRequest, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = { ...DEFAULT_HEADERS, 'user-agent': userAgent };
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  // Hound decodes only what it advertised; a catalogue cannot make it accept zstd or the like.
  headers['accept-encoding'] = DEFAULT_HEADERS['accept-encoding'] as string;
  return headers;
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** One HTTP exchange, no redirects, no retries: the innermost layer of the transport. */
export function createSendOnce(options: SendOnceOptions) {
  return async function sendOnce(request: CheckRequest, ctx: SendContext): Promise<CheckResponse> {
    const url = new URL(request.url);
    let response: Dispatcher.ResponseData;
    try {
      response = await options.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: requestHeaders(request, options.userAgent),
        body: request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body ?? ''),
        // undici closes the connection after a HEAD by default (for servers that wrongly send a body);
        // keeping it open lets the many HEAD checks of Sherlock-style catalogues reuse connections.
        ...(request.method === 'HEAD' ? { reset: false } : {}),
        signal: ctx.clock.signal,
        headersTimeout: Math.min(options.headersTimeoutMs, Math.ceil(ctx.clock.remainingMs()) + 1),
        bodyTimeout: options.bodyTimeoutMs,
      });
    } catch (error) {
      throw ctx.clock.signal.aborted ? ctx.abortError() : toTransportError(error, 'request');
    }
    const headers = flattenHeaders(response.headers);
    try {
      let body: CappedBody = { text: '', truncated: false };
      // A HEAD answer has no body; waiting for its end frees the connection before the next request.
      if (request.method === 'HEAD') await response.body.dump();
      else {
        const cap = ctx.maxBodyBytes ?? options.maxBodyBytes;
        body = await readCappedBody(response.body, headers, cap, request.responseCharset, ctx.scan);
      }
      return {
        status: response.statusCode,
        headers,
        body: body.text,
        finalUrl: url.href,
        redirects: 0,
        truncated: body.truncated,
        method: request.method,
        ...(body.seen ? { seen: body.seen } : {}),
      };
    } catch (error) {
      response.body.destroy();
      throw ctx.clock.signal.aborted ? ctx.abortError() : toTransportError(error, 'body');
    }
  };
}
