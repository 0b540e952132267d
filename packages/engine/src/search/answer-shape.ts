import { headerSignatureOf } from '../health/header-signature.ts';
import type { CheckResponse } from '../model.ts';
import { header } from '../rules/redirect.ts';
import { jsonShape } from './json-shape.ts';

/**
 * Echo-aware comparison of two answers (docs/decisions/127-positive-control-and-echo-aware-answers.md):
 * many pages repeat the name they were asked about (catch-alls, redesigned not-found pages, search
 * redirects, gateway errors echoing the path), so before two answers for two different names are
 * compared, each one's own name is masked as `{u}` in body, title and URL. What is left is the site's
 * answer, not the request's echo.
 */

/** The placeholder a masked name becomes. */
export const NAME_MASK = '{u}';

/** Names shorter than this are too common a substring to mask (a 1-letter name would mask every "a"). */
const MIN_MASKED = 2;

/** The forms a name takes in an answer: as typed, URL-encoded (either case of hex), and HTML-escaped. */
export function nameForms(name: string): string[] {
  if (name.length < MIN_MASKED) return [];
  const encoded = encodeURIComponent(name);
  // RFC 3986 leaves !'()* as they are; URL parsers and servers often encode them anyway.
  const strict = encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const forms = new Set<string>([name, encoded, encoded.replace(/%20/g, '+'), strict]);
  const escaped = name
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
  forms.add(escaped);
  forms.add(escaped.replace(/&#39;/g, '&#x27;'));
  // Longest first, so a form that contains another is masked whole.
  return [...forms].sort((a, b) => b.length - a.length);
}

const patternCache = new Map<string, RegExp | null>();

function namePattern(name: string): RegExp | null {
  let pattern = patternCache.get(name);
  if (pattern === undefined) {
    const forms = nameForms(name);
    pattern =
      forms.length === 0
        ? null
        : new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
    if (patternCache.size > 1_000) patternCache.clear();
    patternCache.set(name, pattern);
  }
  return pattern;
}

/** `text` with every form of `name` (any letter case) replaced by `{u}`. */
export function maskName(text: string, name: string): string {
  const pattern = namePattern(name);
  return pattern ? text.replace(pattern, NAME_MASK) : text;
}

/** What an answer is, once the name it was asked about is masked: enough to tell two answers apart. */
export interface AnswerShape {
  status: number;
  /** Final host, lower-case. */
  host: string;
  /** Final URL's path and query, name masked. */
  path: string;
  /** Media type without parameters. */
  type?: string;
  /** `<title>`, name masked, whitespace collapsed. */
  title?: string;
  /** A redirect's target (path and query), name masked. */
  location?: string;
  /** Hash of the first BODY_BYTES characters of the masked body (dynamic pages differ anyway: one-sided). */
  body: string;
  /** A JSON answer's top-level keys (json-shape.ts), sorted: what a JSON answer has in place of a title. */
  json?: string[];
  /**
   * A HEAD answer (no body, no title): its `content-length` class (lengthClass) and header signature
   * (decision 118), what a HEAD can show of the page it stands for (decision 160).
   */
  length?: string;
  headers?: string;
}

/** How much of a body the shape hashes: enough to tell pages apart, cheap to mask. */
const BODY_CHARS = 16 * 1024;

function splitUrl(url: string): { host: string; path: string } {
  try {
    const parsed = new URL(url);
    return { host: parsed.hostname.toLowerCase(), path: `${parsed.pathname}${parsed.search}` };
  } catch {
    return { host: '', path: url };
  }
}

/** FNV-1a, 32 bits, as hex: a digest, not a security measure. */
function fnv(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16);
}

function titleOf(body: string): string | undefined {
  const raw = /<title[^>]*>([\s\S]{0,400}?)<\/title>/i.exec(body.slice(0, 64 * 1024))?.[1];
  const text = raw?.replace(/\s+/g, ' ').trim();
  return text ? text : undefined;
}

function absolute(location: string, base: string): string {
  try {
    return new URL(location, base).href;
  } catch {
    return location;
  }
}

/**
 * A length's class: about 9 % wide (8 per doubling), so an echoed name of another length rarely moves a
 * page to another class while another page of the same status and type rarely shares it.
 */
export function lengthClass(length: number): string {
  return length <= 0 ? '0' : `~${Math.round(Math.log2(length) * 8)}`;
}

/** A HEAD answer's `content-length` class and header signature; nothing for an answer with a body. */
function headShape(response: CheckResponse): Pick<AnswerShape, 'length' | 'headers'> {
  if (response.method !== 'HEAD') return {};
  const declared = Number(header(response, 'content-length') ?? Number.NaN);
  const signature = headerSignatureOf(response);
  const headers = [
    signature.server ?? '',
    signature.names.join(','),
    signature.cookies.join(','),
    signature.charset ?? '',
  ].join(';');
  return { length: Number.isFinite(declared) ? lengthClass(declared) : 'none', headers };
}

/** The shape of `response`, an answer about `name`. */
export function answerShape(response: CheckResponse, name: string): AnswerShape {
  const { host, path } = splitUrl(response.finalUrl);
  const type = header(response, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  const title = response.method === 'HEAD' ? undefined : titleOf(response.body);
  const location = response.status >= 300 && response.status < 400 ? header(response, 'location') : undefined;
  const json = jsonShape(response);
  return {
    status: response.status,
    host,
    path: maskName(path, name),
    ...(type ? { type } : {}),
    ...(title ? { title: maskName(title, name) } : {}),
    ...(location ? { location: maskName(splitUrl(absolute(location, response.finalUrl)).path, name) } : {}),
    body: fnv(maskName(response.body.slice(0, BODY_CHARS), name)),
    ...(json ? { json } : {}),
    ...headShape(response),
  };
}

/**
 * The kind of answer a shape is, coarser than the shape: status, host, type, redirect and title (names
 * masked), a JSON answer's keys, a HEAD answer's length class and header signature — not the body. Two
 * not-found pages of one site share it; a hosting platform's 404, another API's JSON error, or a HEAD
 * answer for a page of another size or server (decision 160) does not.
 */
export function answerKind(shape: AnswerShape): string {
  return [
    shape.status,
    shape.host,
    shape.type ?? '',
    shape.location ?? '',
    shape.title ?? '',
    shape.json?.join(',') ?? '',
    shape.length ?? '',
    shape.headers ?? '',
  ].join('\u0000');
}

/**
 * Why two shapes are different answers, or undefined when they are the same answer (the site said the
 * same thing to both names). Status, host, type, location, title and body must all agree.
 */
export function shapeDifference(a: AnswerShape, b: AnswerShape): string | undefined {
  if (a.status !== b.status) return `status ${a.status} vs ${b.status}`;
  if (a.host !== b.host) return `host ${a.host} vs ${b.host}`;
  if (a.path !== b.path) return `address ${a.path} vs ${b.path}`;
  if (a.type !== b.type) return `type ${a.type ?? 'none'} vs ${b.type ?? 'none'}`;
  if (a.location !== b.location) return `redirect ${a.location ?? 'none'} vs ${b.location ?? 'none'}`;
  if (a.title !== b.title) return `title ${JSON.stringify(a.title ?? '')} vs ${JSON.stringify(b.title ?? '')}`;
  if (a.length !== b.length || a.headers !== b.headers) return 'HEAD answers of another length or headers';
  if (a.body !== b.body) return 'different page';
  return undefined;
}

/** True when two answers for two names are the same answer once each one's own name is masked. */
export function sameAnswer(a: AnswerShape, b: AnswerShape): boolean {
  return shapeDifference(a, b) === undefined;
}
