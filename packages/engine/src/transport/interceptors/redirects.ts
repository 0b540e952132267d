import type { CheckRequest } from '../../model.ts';
import { TransportError } from '../errors.ts';
import type { Interceptor } from '../send.ts';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** The request for the next hop, per the fetch standard's method rewriting; credentials stay on their origin. */
function nextHop(request: CheckRequest, status: number, target: URL): CheckRequest {
  const toGet = status === 303 || ((status === 301 || status === 302) && request.method === 'POST');
  const sameOrigin = new URL(request.url).origin === target.origin;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (!sameOrigin && CREDENTIAL_HEADERS.has(lower)) continue;
    if (toGet && (lower === 'content-type' || lower === 'content-length')) continue;
    headers[name] = value;
  }
  return {
    ...request,
    method: toGet && request.method !== 'HEAD' ? 'GET' : request.method,
    url: target.href,
    headers,
    body: toGet ? undefined : request.body,
  };
}

/**
 * Follows redirects only when the check's rule says so, at most `maxRedirects` hops, only to http(s).
 * A URL seen twice or too many hops is a `redirect_loop` (never a verdict).
 */
export function withRedirects(maxRedirects: number): Interceptor {
  return (next) => async (request, ctx) => {
    if (!request.followRedirects) return next(request, ctx);
    const seen = new Set<string>([request.url]);
    let current = request;
    for (let hops = 0; ; hops++) {
      const response = await next(current, ctx);
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.status) || !location)
        return hops > 0 ? { ...response, redirects: hops, requestUrl: request.url } : { ...response, redirects: hops };
      let target: URL;
      try {
        target = new URL(location, current.url);
      } catch {
        return hops > 0 ? { ...response, redirects: hops, requestUrl: request.url } : { ...response, redirects: hops }; // unusable Location: judge the 3xx itself
      }
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        return hops > 0 ? { ...response, redirects: hops, requestUrl: request.url } : { ...response, redirects: hops };
      target.hash = '';
      if (seen.has(target.href)) {
        throw new TransportError('redirect_loop', `redirect loop back to ${target.href} after ${hops + 1} hops`);
      }
      if (hops + 1 > maxRedirects) {
        throw new TransportError('redirect_loop', `more than ${maxRedirects} redirects`);
      }
      seen.add(target.href);
      current = nextHop(current, response.status, target);
    }
  };
}
