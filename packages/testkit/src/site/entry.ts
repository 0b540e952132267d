import type { CatalogueFormat } from '../types.ts';
import type { BodyTemplate } from './body-pattern.ts';

/** Which statuses a rule accepts, and which it would like best. */
export interface StatusRule {
  accepts(status: number): boolean;
  prefer: number[];
  /** For conflict reports, e.g. `2xx`, `404`. */
  describe: string;
}

/** What one side ("exists" or "missing") of one entry requires of the response. */
export interface SideRule {
  status: StatusRule;
  /** Each group: at least one of its strings must be in the body. */
  includeOneOf: string[][];
  /** None of these may be in the body. */
  exclude: string[];
  /** Location for a 3xx answer; may hold `{username}`. */
  location?: string;
}

/**
 * One catalogue entry reduced to what a fake site needs: the request it answers and the two
 * responses its own detection rules distinguish. Loaders produce these; nothing here is format-specific.
 */
export interface SiteEntry {
  format: CatalogueFormat;
  name: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PUT';
  /** Absolute URL template with `{username}`. */
  url: string;
  /**
   * The profile page the catalogue names for the site (its `url` / `uri_pretty`), when it differs from the
   * request: claimed names are shared by every route of the site it names (`SiteRegistry`).
   */
  siteUrl?: string;
  body?: BodyTemplate;
  /** Request headers the site insists on (lowercase names). */
  headers: Record<string, string>;
  /** Usernames registered by default. */
  claimed: string[];
  /** Claimed usernames must match it (JS translation of the catalogue's regexCheck, when it compiles). */
  usernamePattern?: RegExp;
  /** How clients transform a username before placing it (WhatsMyName `strip_bad_char`). */
  transformUsername?: (username: string) => string;
  /** Whether the catalogue's client follows redirects before judging (then the final page is judged). */
  followsRedirects: boolean;
  exists: SideRule;
  missing: SideRule;
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
export const isRedirect = (status: number): boolean => [301, 302, 303, 307, 308].includes(status);

/** A status rule from a predicate. */
export function statusRule(describe: string, prefer: number[], accepts: (status: number) => boolean): StatusRule {
  return { describe, prefer, accepts };
}

export function exactStatus(code: number): StatusRule {
  return statusRule(String(code), [code], (s) => s === code);
}

/**
 * Python `re` pattern → JS RegExp, for the few differences that matter in catalogues
 * (`{,n}` quantifiers). Patterns that still do not compile impose no constraint.
 */
export function compileUsernamePattern(pattern: unknown): RegExp | undefined {
  if (typeof pattern !== 'string') return undefined;
  try {
    return new RegExp(pattern.replace(/\{,(\d+)\}/g, '{0,$1}'));
  } catch {
    return undefined;
  }
}

/** Request headers never compared: set by the transport, hop-by-hop, or routing. */
const UNCHECKED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'te',
  'upgrade',
  'accept-encoding',
  'proxy-connection',
  'proxy-authorization',
]);

/** Normalises a catalogue `headers` object into the required-header map. */
export function requiredHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers || typeof headers !== 'object') return out;
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (typeof value === 'string' && !UNCHECKED_HEADERS.has(lower)) out[lower] = value;
  }
  return out;
}

export function stringList(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}
