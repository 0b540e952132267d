/**
 * Cross-site request forgery: a state-changing request authenticated by the session cookie must come from a
 * page of this site (decision 098). SameSite=Strict already keeps the cookie off other sites' requests;
 * this is the second lock, for browsers or set-ups where that fails (a sibling subdomain is "same site").
 */
import type { FastifyRequest } from 'fastify';

/** Never seen by the web app's own calls; says plainly why a forged request failed. */
export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method);
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * True when the browser says the request came from this origin: `Sec-Fetch-Site: same-origin` (every current
 * browser sends it), or, from a browser without it, an `Origin` that is PUBLIC_URL's or the requested host.
 * A request with neither is refused: cookie sessions are for browsers, other clients send the bearer token.
 */
export function isSameOriginRequest(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (origin === new URL(publicUrl).origin) return true;
  const host = hostOf(origin);
  return host !== null && host === request.headers.host;
}
