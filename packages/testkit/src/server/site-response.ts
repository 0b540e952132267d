import type { CannedResponse } from '../faults/waf-pages.ts';
import type { PageSpec } from '../site/plan.ts';
import type { Route } from '../site/route.ts';

/** Path prefix of the pages redirects lead to when a route serves clients that follow redirects. */
export const FINAL_PAGE_PREFIX = '/.hound-testkit/final/';

const HTML = 'text/html; charset=utf-8';

/** Renders a planned page for `username` (`nameless`: without it, as a display-name-only profile). */
export function pageResponse(spec: PageSpec, username: string, finalPath?: string, nameless = false): CannedResponse {
  let body = spec.body;
  if (spec.withUsername && !nameless) {
    const personal = `${spec.withUsername.before}${username}${spec.withUsername.after}`;
    if (!spec.exclude.some((s) => personal.includes(s))) body = personal;
  }
  const headers: Record<string, string> = { 'content-type': HTML };
  if (finalPath) headers.location = finalPath;
  else if (spec.location) headers.location = spec.location.replaceAll('{username}', encodeURIComponent(username));
  return { status: spec.status, headers, body };
}

/** The response a site route gives for `username`. */
export function siteResponse(route: Route, username: string, exists: boolean, nameless = false): CannedResponse {
  const side = exists ? 'exists' : 'missing';
  const spec = route.plan[side];
  const finalPath = spec.final ? `${FINAL_PAGE_PREFIX}${route.id}/${side}/${encodeURIComponent(username)}` : undefined;
  return pageResponse(spec, username, finalPath, nameless);
}

/** The page behind a FINAL_PAGE_PREFIX redirect, or undefined when the path is not one. */
export function finalPageResponse(routes: readonly Route[], path: string): CannedResponse | undefined {
  const [id, side, username] = path.slice(FINAL_PAGE_PREFIX.length).split('/');
  const route = routes[Number(id)];
  const spec = route && (side === 'exists' || side === 'missing') ? route.plan[side].final : undefined;
  if (!spec || username === undefined) return undefined;
  return pageResponse(spec, decodeURIComponent(username));
}

export function textResponse(status: number, body: string, headers: Record<string, string> = {}): CannedResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...headers }, body };
}

export function notFoundPage(): CannedResponse {
  return {
    status: 404,
    headers: { 'content-type': HTML },
    body: '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>404</title></head><body><h1>404</h1></body></html>\n',
  };
}
