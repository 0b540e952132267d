import type { CheckResponse, SiteCheck } from '../model.ts';
import { header, redirectTarget } from '../rules/redirect.ts';
import { maskName } from '../search/answer-shape.ts';
import { jsonShape, jsonShapeDifference } from '../search/json-shape.ts';
import { commonHeaders, type HeaderSignature, headerMismatch, headerSignatureOf } from './header-signature.ts';

/**
 * What a site's own answer looks like (docs/decisions/100-unknown-on-unlisted-pages.md): taken by the
 * health self-test from answers it judged right, compared at search time before a rule may decide.
 * Only fields that do not depend on who the user is: no size, no display names.
 */
export interface AnswerSignature {
  status: number;
  /** Final host, compared by registrable domain. */
  host: string;
  /** Media type without parameters (`text/html`, `application/json`), when the site sent one. */
  type?: string;
  /** Not-found pages: the `<title>` with the username masked as `{u}`. */
  title?: string;
  /** Found pages: title parts every claimed profile shared (the site's name), the username never among them. */
  markers?: string[];
  /** A redirect's target with the username masked (path and query only). */
  redirect?: string;
  /** The page's `og:site_name` (the site's own name by definition; decision 105). */
  siteName?: string;
  /**
   * What the answer's headers had that the site's answers always have (decision 118); compared where the
   * body cannot be. Absent in baselines stored before it: those compare as before.
   */
  headers?: HeaderSignature;
  /**
   * A JSON answer's top-level keys (search/json-shape.ts; decision 160): another API's or a gateway's JSON
   * has the media type but not these. In a found signature, the keys every claimed profile shared
   * (`jsonShared`: keys beyond them are a user's own).
   */
  json?: string[];
  jsonShared?: true;
}

export interface CheckBaseline {
  /** The check's request template when the baseline was taken: another template makes it stale. */
  url: string;
  found?: AnswerSignature;
  notFound?: AnswerSignature;
  /** When the self-test took it (ISO). */
  takenAt: string;
}

/** A check's identity in the health file: format and entry name. */
export function checkKey(check: Pick<SiteCheck, 'format' | 'name'>): string {
  return `${check.format}\u0000${check.name}`;
}

function titleOf(body: string): string | undefined {
  const raw = /<title[^>]*>([\s\S]{0,400}?)<\/title>/i.exec(body.slice(0, 64 * 1024))?.[1];
  if (raw === undefined) return undefined;
  const text = raw
    .replace(/&amp;/g, '&')
    .replace(/&(#39|apos);/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&middot;|&#183;/g, '·')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? undefined : text;
}

/** The `og:site_name` meta tag's content (`property` or `name`), in either attribute order. */
function siteNameOf(body: string): string | undefined {
  const head = body.slice(0, 64 * 1024);
  const tag = /<meta\b[^>]*\b(?:property|name)\s*=\s*["']og:site_name["'][^>]*>/i.exec(head)?.[0];
  const value = tag && /\bcontent\s*=\s*"([^"]{1,200})"|\bcontent\s*=\s*'([^']{1,200})'/i.exec(tag);
  const name = (value?.[1] ?? value?.[2])?.trim();
  return name ? name : undefined;
}

/** The username (as typed, URL-encoded, HTML-escaped; any case) masked as `{u}` (answer-shape.ts). */
const mask = maskName;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

function mediaType(response: CheckResponse): string | undefined {
  const value = header(response, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  return value || undefined;
}

function maskedRedirect(response: CheckResponse, username: string): string | undefined {
  if (response.status < 300 || response.status > 399) return undefined;
  const target = redirectTarget(response);
  if (!target) return undefined;
  const url = new URL(target);
  return mask(`${url.pathname}${url.search}`, username);
}

/** The signature of one answer the self-test judged right, for the username it asked about. */
export function signatureOf(response: CheckResponse, username: string): AnswerSignature {
  const type = mediaType(response);
  const title = response.method === 'HEAD' ? undefined : titleOf(response.body);
  const siteName = response.method === 'HEAD' ? undefined : siteNameOf(response.body);
  const redirect = maskedRedirect(response, username);
  const json = jsonShape(response);
  return {
    status: response.status,
    host: hostOf(response.finalUrl),
    ...(type ? { type } : {}),
    ...(title ? { title: mask(title, username) } : {}),
    ...(redirect ? { redirect } : {}),
    ...(siteName ? { siteName } : {}),
    ...(json ? { json } : {}),
    headers: headerSignatureOf(response),
  };
}

const TITLE_PARTS = /\s+[|\-–—·•:/]\s+|\s*[|·•]\s*/;

/**
 * The found signature from the claimed profiles: the first one's status, host and type, and as markers
 * the title parts every profile shared (the site's own name, not the user's). With one profile, the parts
 * it shares with the site's own not-found title (`notFound`; decision 105): a part on both a profile and
 * the "no such user" page is the site's, never a display name. None when nothing is shared.
 */
export function foundSignature(
  signatures: readonly AnswerSignature[],
  notFound?: AnswerSignature,
): AnswerSignature | undefined {
  const [first] = signatures;
  if (!first) return undefined;
  const { title: _title, siteName, headers: _headers, json: _json, ...fields } = first;
  // The headers every claimed profile's answer had: what changed between them is not the site's mark.
  const headerSets = signatures.flatMap((s) => (s.headers ? [s.headers] : []));
  const headers = headerSets.length === signatures.length ? commonHeaders(headerSets) : undefined;
  // Likewise the JSON keys every claimed profile's answer had (a user's optional fields are not the site's).
  const json = signatures.every((s) => s.json)
    ? (first.json as string[]).filter((key) => signatures.every((s) => s.json?.includes(key)))
    : undefined;
  const withHeaders = headers ? { ...fields, headers } : fields;
  const rest: AnswerSignature = json ? { ...withHeaders, json, jsonShared: true } : withHeaders;
  // The site's name as its pages declare it, kept when every claimed profile declared the same one.
  const base = siteName && signatures.every((s) => s.siteName === siteName) ? { ...rest, siteName } : rest;
  const titles = signatures.length >= 2 ? signatures : [first, ...(notFound ? [notFound] : [])];
  if (titles.length < 2 || titles.some((s) => s.title === undefined)) return base;
  const parts = (s: AnswerSignature) =>
    new Set(
      (s.title ?? '')
        .split(TITLE_PARTS)
        .map((p) => p.trim())
        .filter((p) => p.length >= 3 && !p.includes('{u}')),
    );
  let common = parts(first);
  for (const s of titles.slice(1)) common = new Set([...parts(s)].filter((p) => common.has(p)));
  return common.size > 0 ? { ...base, markers: [...common] } : base;
}

/** The signature compares something in the page itself: a title, a title part or the site's name. */
function hasBodyMarks(expected: AnswerSignature): boolean {
  return expected.title !== undefined || (expected.markers?.length ?? 0) > 0 || expected.siteName !== undefined;
}

/**
 * Why `response` does not look like the site's own answer of this kind, or undefined when it does.
 * `sameSite` compares hosts by registrable domain.
 */
export function baselineMismatch(
  expected: AnswerSignature,
  response: CheckResponse,
  username: string,
  sameSite: (a: string, b: string) => boolean,
): string | undefined {
  if (response.status !== expected.status) return `status ${response.status}, the site's own is ${expected.status}`;
  const host = hostOf(response.finalUrl);
  if (expected.host && host && !sameSite(host, expected.host))
    return `host ${host}, the site's own is ${expected.host}`;
  const type = mediaType(response);
  if (expected.type && type && type !== expected.type) return `a ${type} answer, the site's own is ${expected.type}`;
  const redirect = maskedRedirect(response, username);
  if (expected.redirect !== undefined && redirect !== undefined && redirect !== expected.redirect) {
    return `redirect to ${redirect}, the site's own goes to ${expected.redirect}`;
  }
  // Where the body gives nothing to compare — a HEAD answer has none, and some baselines keep no title,
  // title part or site name — the headers must be the site's own (decision 118).
  const bodyless = response.method === 'HEAD' || !hasBodyMarks(expected);
  if (bodyless && expected.headers) {
    const why = headerMismatch(expected.headers, response);
    if (why !== undefined) return why;
  }
  if (response.method === 'HEAD') return undefined;
  if (expected.json !== undefined) {
    const why = jsonShapeDifference(expected.json, jsonShape(response), expected.jsonShared !== true);
    if (why !== undefined) return why;
  }
  if (expected.siteName !== undefined) {
    const siteName = siteNameOf(response.body);
    if (siteName !== expected.siteName) {
      return `${siteName === undefined ? 'no og:site_name' : `og:site_name ${JSON.stringify(siteName)}`}, the site's own is ${JSON.stringify(expected.siteName)}`;
    }
  }
  const title = titleOf(response.body);
  if (expected.title !== undefined) {
    const masked = title === undefined ? undefined : mask(title, username);
    if (masked !== expected.title)
      return `title ${JSON.stringify(masked ?? '')}, the site's own is ${JSON.stringify(expected.title)}`;
  }
  if (expected.markers && expected.markers.length > 0 && !expected.markers.some((m) => title?.includes(m))) {
    return `title ${JSON.stringify(title ?? '')} lacks the site's ${expected.markers.map((m) => JSON.stringify(m)).join(' / ')}`;
  }
  return undefined;
}

/**
 * Statuses other than 404/410 that some sites give their missing users, with their own error page
 * (docs/decisions/105-baselines-for-400-and-their-cost.md). The rules read them as nothing (`http_error`);
 * only the site's own baseline may read one as "not found".
 */
export const OWN_MISSING_STATUSES: ReadonlySet<number> = new Set([400, 422]);

/** Title words a server's default error page is made of: such a title is any server's, not the site's. */
const GENERIC_TITLE_WORDS =
  /\b(http|status|error|errors|client|bad|request|invalid|unprocessable|entity|content|the|a|an|page|code)\b/gi;

/** A title that says more than a status line ("400 Bad Request", "Error 422"): the site's own words. */
export function isOwnTitle(title: string | undefined): boolean {
  if (title === undefined) return false;
  const rest = title
    .replace(/\{u\}/g, '')
    .replace(GENERIC_TITLE_WORDS, '')
    .replace(/[\d\s\p{P}\p{S}]+/gu, '');
  return rest.length >= 3;
}

/**
 * A never-registered name's answer the self-test may keep as the site's own not-found answer although the
 * rules could not read it: a GET answer with one of OWN_MISSING_STATUSES that the rules left `http_error`
 * (no wall, no throttle wording) and whose title is the site's own.
 */
export function isOwnMissingAnswer(response: CheckResponse, reason: string | undefined, username: string): boolean {
  if (reason !== 'http_error' || response.method === 'HEAD' || !OWN_MISSING_STATUSES.has(response.status)) return false;
  return isOwnTitle(signatureOf(response, username).title);
}
