import type { SiteCheck } from '../model.ts';
import { USERNAME_PLACEHOLDER } from '../username/place-url.ts';

/** Lowercase, no trailing dot, no leading `www.` / `m.` / `mobile.` (research/sherlock-maigret.md §4). */
export function normaliseHost(host: string): string {
  let h = host.toLowerCase().replace(/\.$/, '');
  const stripped = h.replace(/^(?:www|m|mobile)\./, '');
  if (stripped.includes('.')) h = stripped;
  return h;
}

export interface SiteKey {
  /** Normalised host; for a username-in-host pattern, the part after the username's label. */
  host: string;
  /**
   * The profile URL's shape on that host: lowercase path and query with `{}` for the username and no
   * trailing slash, prefixed with `{}.` when the username is a host label.
   */
  shape: string;
}

/** Where a check's profile lives, for grouping checks of one site across catalogues. */
export function siteKey(check: SiteCheck): SiteKey | undefined {
  for (const template of [check.profileUrl, check.request.url, check.urlMain ?? '']) {
    const key = keyOf(template);
    if (key) return key;
  }
  return undefined;
}

function keyOf(template: string): SiteKey | undefined {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)([^#]*)/i.exec(template);
  if (!match) return undefined;
  let authority = match[1]!.replace(/^.*@/, '').replace(/:\d*$/, '');
  let prefix = '';
  if (authority.includes(USERNAME_PLACEHOLDER)) {
    const labels = authority.split('.');
    const last = labels.findLastIndex((l) => l.includes(USERNAME_PLACEHOLDER));
    authority = labels.slice(last + 1).join('.');
    prefix = '{}.';
  }
  if (!authority) return undefined;
  let host: string;
  try {
    host = new URL(`http://${authority}`).hostname;
  } catch {
    return undefined;
  }
  const path = match[2]!.split(USERNAME_PLACEHOLDER).join('{}').toLowerCase().replace(/\/+$/, '');
  return { host: normaliseHost(host), shape: `${prefix}${path}` };
}
