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
 * The catalogue's error URL for this username, or undefined when it cannot serve as evidence: absent,
 * unplaceable, or identical to the profile/probe URL (several upstream entries copy the profile URL
 * into `errorUrl` only because Sherlock's schema requires the field).
 */
export function errorUrlFor(errorUrl: string | undefined, templates: string[], username: string | undefined) {
  if (!errorUrl) return undefined;
  const same = comparable(errorUrl);
  if (templates.some((t) => comparable(t) === same)) return undefined;
  if (!errorUrl.includes(USERNAME_PLACEHOLDER)) return errorUrl;
  if (username === undefined) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(errorUrl) ? errorUrl : `https://${errorUrl}`;
  const placed = placeInUrl(withScheme, username);
  return placed.ok ? placed.value : undefined;
}

/** True when `target` is the error URL (ignoring scheme, `www.`, trailing slash); `…?x=` error URLs match as prefixes. */
export function isErrorUrl(target: string, errorUrl: string): boolean {
  const a = comparable(target);
  const b = comparable(errorUrl);
  if (a === undefined || b === undefined) return false;
  if (a === b) return true;
  return /[?=&]$/.test(errorUrl) && a.startsWith(b);
}
