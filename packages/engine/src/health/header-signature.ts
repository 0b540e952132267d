import type { CheckResponse } from '../model.ts';

/**
 * What stays the same in a site's own answers' headers from one request to the next
 * (docs/decisions/118-header-signature-for-bodyless-answers.md): the server software, the names of the
 * site's and its vendors' own headers, the names of the cookies it sets, the charset. Never a value that
 * changes per request or names a person (request ids, ray ids, dates, cookie values).
 */
export interface HeaderSignature {
  /**
   * The `server` header's first product, lowercased, without its version ("nginx/1.26" → "nginx"); `''`
   * when the site sends none. Absent when the site's answers disagreed: not compared.
   */
  server?: string;
  /** Header names the answer carried other than the generic ones every server adds or varies (sorted). */
  names: string[];
  /** Names of the cookies the answer set, digit runs masked as `#` (sorted). */
  cookies: string[];
  /** The `content-type` charset, lowercased. */
  charset?: string;
}

/**
 * Headers any HTTP server or cache adds, drops or varies per answer (transfer framing, dates, caching,
 * content negotiation), those read elsewhere (`location`, the media type), and those kept as their own
 * fields (`server`, `set-cookie`, `content-type`).
 */
const GENERIC = new Set([
  'accept-ranges',
  'age',
  'cache-control',
  'connection',
  'content-encoding',
  'content-language',
  'content-length',
  'content-location',
  'content-range',
  'content-type',
  'date',
  'etag',
  'expires',
  'keep-alive',
  'last-modified',
  'link',
  'location',
  'pragma',
  'proxy-connection',
  'retry-after',
  'server',
  'server-timing',
  'set-cookie',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'vary',
  'warning',
]);

/** At most this many names of each kind are kept (sorted, so always the same ones). */
const MAX_NAMES = 24;
const MAX_COOKIES = 12;

function headerValue(response: CheckResponse, name: string): string | undefined {
  for (const [key, value] of Object.entries(response.headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function serverFamily(value: string | undefined): string {
  const product = value?.trim().split(/\s+/)[0] ?? '';
  return product.split('/')[0]?.toLowerCase() ?? '';
}

/**
 * Cookie names from a `set-cookie` value (several cookies arrive joined by ", "). A name starts the value
 * or follows a comma; the comma inside an `Expires` date is followed by a day number and a space, not `=`.
 */
function cookieNames(value: string | undefined): string[] {
  if (!value) return [];
  const names = new Set<string>();
  for (const match of value.matchAll(/(?:^|,)\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)=/g)) {
    names.add((match[1] as string).replace(/\d+/g, '#'));
  }
  return [...names].sort().slice(0, MAX_COOKIES);
}

function charsetOf(contentType: string | undefined): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  return charset ? charset.toLowerCase() : undefined;
}

/** The header signature of one answer. */
export function headerSignatureOf(response: CheckResponse): HeaderSignature {
  const names = Object.keys(response.headers)
    .map((name) => name.toLowerCase())
    .filter((name) => !GENERIC.has(name))
    .sort()
    .slice(0, MAX_NAMES);
  const charset = charsetOf(headerValue(response, 'content-type'));
  return {
    server: serverFamily(headerValue(response, 'server')),
    names: [...new Set(names)],
    cookies: cookieNames(headerValue(response, 'set-cookie')),
    ...(charset ? { charset } : {}),
  };
}

/** What several answers of the same kind shared: the parts that did not change between them. */
export function commonHeaders(signatures: readonly HeaderSignature[]): HeaderSignature | undefined {
  const [first, ...rest] = signatures;
  if (!first) return undefined;
  const server = rest.every((s) => s.server === first.server) ? first.server : undefined;
  const charset = rest.every((s) => s.charset === first.charset) ? first.charset : undefined;
  return {
    ...(server !== undefined ? { server } : {}),
    names: first.names.filter((n) => rest.every((s) => s.names.includes(n))),
    cookies: first.cookies.filter((c) => rest.every((s) => s.cookies.includes(c))),
    ...(charset !== undefined ? { charset } : {}),
  };
}

const quoted = (text: string) => JSON.stringify(text);
const list = (items: readonly string[], noun: string) => `${items.join(', ')} ${noun}${items.length > 1 ? 's' : ''}`;

/**
 * Why `response`'s headers are not those of the site's own answer, or undefined when they are: the same
 * server software (or none, as the site's), every header and cookie name the site's own answer carried,
 * the same charset. Headers the site's answer did not have are allowed (caches add some now and then).
 */
export function headerMismatch(expected: HeaderSignature, response: CheckResponse): string | undefined {
  const seen = headerSignatureOf(response);
  if (expected.server !== undefined && seen.server !== expected.server) {
    const own = expected.server === '' ? 'sends none' : `is ${quoted(expected.server)}`;
    return `${seen.server === '' ? 'no server header' : `server ${quoted(seen.server ?? '')}`}, the site's own ${own}`;
  }
  const names = expected.names.filter((n) => !seen.names.includes(n));
  if (names.length > 0)
    return `no ${list(names, 'header')}, the site's own answer ${names.length > 1 ? 'carries them' : 'carries it'}`;
  const cookies = expected.cookies.filter((c) => !seen.cookies.includes(c));
  if (cookies.length > 0)
    return `no ${list(cookies, 'cookie')}, the site's own answer ${cookies.length > 1 ? 'sets them' : 'sets it'}`;
  if (expected.charset !== undefined && seen.charset !== expected.charset) {
    return `charset ${seen.charset ?? 'none'}, the site's own is ${expected.charset}`;
  }
  return undefined;
}
