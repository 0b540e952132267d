import type { CheckResponse } from '../model.ts';
import { placeInUrl, USERNAME_PLACEHOLDER } from '../username/place-url.ts';

/** Case-insensitive header lookup. */
export function header(response: CheckResponse, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of Object.entries(response.headers)) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** The absolute URL a 3xx response points to, if it names one. */
export function redirectTarget(response: CheckResponse): string | undefined {
  const location = header(response, 'location');
  if (!location) return undefined;
  try {
    return new URL(location, response.finalUrl).href;
  } catch {
    return undefined;
  }
}

function comparable(url: string): string | undefined {
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`);
    const host = parsed.host.replace(/^www\./, '');
    return `${host}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
  } catch {
    return undefined;
  }
}

/**
 * The catalogue's error URL for this username, as candidate absolute URLs, or undefined when it cannot
 * serve as evidence: absent, unplaceable, or identical to the profile/probe URL (several upstream entries
 * copy the profile URL into `errorUrl` only because Sherlock's schema requires the field). A schemeless
 * error URL (`wordpress.com/typo/?subdomain=`) is read both as `https://…` and, as a `Location` header
 * would be, relative to the requested URL.
 */
export function errorUrlFor(
  errorUrl: string | undefined,
  templates: string[],
  username: string | undefined,
  base: string,
): string[] | undefined {
  if (!errorUrl) return undefined;
  const same = comparable(errorUrl);
  if (templates.some((t) => comparable(t) === same)) return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(errorUrl);
  let filled = errorUrl;
  if (errorUrl.includes(USERNAME_PLACEHOLDER)) {
    if (username === undefined) return undefined;
    const placed = placeInUrl(hasScheme ? errorUrl : `https://${errorUrl}`, username);
    if (!placed.ok) return undefined;
    filled = hasScheme ? placed.value : placed.value.replace(/^https:\/\//, '');
  }
  if (hasScheme) return [filled];
  const candidates = [`https://${filled}`];
  try {
    candidates.push(new URL(filled, base).href);
  } catch {
    // not resolvable relative to the request: the absolute reading alone
  }
  return candidates;
}

/** True when `target` is one of the error URLs (ignoring scheme, `www.`, trailing slash); `…?x=` error URLs match as prefixes. */
export function isErrorUrl(target: string, errorUrls: string[]): boolean {
  const a = comparable(target);
  if (a === undefined) return false;
  return errorUrls.some((errorUrl) => {
    const b = comparable(errorUrl);
    if (b === undefined) return false;
    return a === b || (/[?=&]$/.test(errorUrl) && a.startsWith(b));
  });
}
