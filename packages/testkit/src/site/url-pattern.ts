import { MARKER, matchSlots, safeDecode, slotRegExp, USERNAME } from './placeholder.ts';

/** One path segment or query key/value of a template: literal text, or a regex when it holds the username. */
interface Part {
  template: string;
  regex?: RegExp;
}

/**
 * A request URL template, compared piecewise after percent-decoding so clients that encode
 * differently (Python `quote`, WHATWG URL, curl) all match. Scheme and port are not compared.
 */
export interface UrlPattern {
  /** Host name, or the host template (with `{username}`) when the username is in the host name. */
  host: string;
  /** Set when the username is in the host name: the labels after the username's label, for indexing. */
  hostSuffix?: string;
  hostRegex?: RegExp;
  segments: Part[];
  query: Array<{ key: Part; value: Part }>;
  /** Normalised template, used as the route identity. */
  key: string;
  hasUsername: boolean;
  /** Literal characters: when several routes match a request, the most specific wins. */
  specificity: number;
}

function part(text: string): Part {
  const template = safeDecode(text);
  return template.includes(MARKER) ? { template, regex: slotRegExp(template) } : { template };
}

function splitPath(path: string): string[] {
  const segments = path.split('/').slice(1);
  if (segments.length > 0 && segments[segments.length - 1] === '') segments.pop(); // `/a/` ≡ `/a`, `/` ≡ ``
  return segments;
}

function splitQuery(search: string): Array<[string, string]> {
  if (search === '' || search === '?') return [];
  return search
    .slice(1)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    });
}

/** Parses a URL template; returns a reason string when it cannot be served. */
export function parseUrlPattern(template: string): UrlPattern | string {
  let url: URL;
  try {
    url = new URL(template.replaceAll(USERNAME, MARKER));
  } catch {
    return 'URL does not parse';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `protocol ${url.protocol} is not HTTP`;
  const hostname = url.hostname.replace(/\.$/, '');
  if (hostname === '') return 'URL has no host';
  const pattern: UrlPattern = {
    host: hostname,
    segments: splitPath(url.pathname).map(part),
    query: splitQuery(url.search).map(([key, value]) => ({ key: part(key), value: part(value) })),
    key: '',
    hasUsername: url.pathname.includes(MARKER) || url.search.includes(MARKER),
    specificity: 0,
  };
  if (hostname.includes(MARKER)) {
    const labels = hostname.split('.');
    const slot = labels.findIndex((label) => label.includes(MARKER));
    if (labels.slice(slot + 1).some((label) => label.includes(MARKER)))
      return 'username appears twice in the host name';
    if (slot === labels.length - 1) return 'username is the top-level domain';
    pattern.hostSuffix = labels.slice(slot + 1).join('.');
    pattern.hostRegex = slotRegExp(hostname, '([^.]+?)');
    pattern.host = hostname.replaceAll(MARKER, USERNAME);
    pattern.hasUsername = true;
  }
  // Identity of the request shape as matched: decoded pieces, `/a/` ≡ `/a`.
  pattern.key = JSON.stringify([
    hostname,
    pattern.segments.map((p) => p.template),
    pattern.query.map((q) => [q.key.template, q.value.template]),
  ]);
  const literal = (p: Part) => p.template.replaceAll(MARKER, '').length;
  pattern.specificity =
    pattern.segments.reduce((n, s) => n + literal(s) + 1, 0) +
    pattern.query.reduce((n, q) => n + literal(q.key) + literal(q.value) + 1, 0);
  return pattern;
}

/**
 * Matches a request (lowercase host, origin-form target) against the pattern: null when it does not
 * match, else the usernames captured (host captures lowercased, as host names are case-insensitive).
 */
export function matchUrl(pattern: UrlPattern, host: string, target: string): string[] | null {
  const captured: string[] = [];
  if (pattern.hostRegex) {
    const match = pattern.hostRegex.exec(host);
    if (!match) return null;
    captured.push(...match.slice(1).map((u) => u.toLowerCase()));
  } else if (pattern.host !== host) {
    return null;
  }
  const queryAt = target.indexOf('?');
  const segments = splitPath(queryAt < 0 ? target : target.slice(0, queryAt));
  if (segments.length !== pattern.segments.length) return null;
  for (let i = 0; i < segments.length; i++) {
    const p = pattern.segments[i] as Part;
    const got = matchSlots(p.template, p.regex, safeDecode(segments[i] as string));
    if (!got) return null;
    captured.push(...got);
  }
  const query = splitQuery(queryAt < 0 ? '' : target.slice(queryAt));
  if (query.length !== pattern.query.length) return null;
  for (let i = 0; i < query.length; i++) {
    const p = pattern.query[i] as { key: Part; value: Part };
    const [key, value] = query[i] as [string, string];
    const gotKey = matchSlots(p.key.template, p.key.regex, safeDecode(key));
    const gotValue = gotKey && matchSlots(p.value.template, p.value.regex, safeDecode(value));
    if (!gotKey || !gotValue) return null;
    captured.push(...gotKey, ...gotValue);
  }
  return captured;
}
