import type { CheckResponse, UnknownReason } from '../model.ts';
import { header, redirectTarget } from './redirect.ts';

/**
 * Answers whose form alone says they are not the site's profile or "no such user" page, whatever a rule
 * would read into them (docs/decisions/100-unknown-on-unlisted-pages.md): a redirect to a non-web address,
 * off the site, back to itself or with an unusable `Location`; a script or meta-refresh hop away from the
 * page; an image, archive or other non-text answer at a page URL.
 */
export interface GateHit {
  reason: UnknownReason;
  why: string;
}

export interface TransportGateOptions {
  /** Redirect targets the catalogue declares (its `errorUrl` candidates): those are the site's own. */
  declared: (url: string) => boolean;
  /** Hosts are the same site (registrable domain). */
  sameSite: (a: string, b: string) => boolean;
  /** Login / consent / human-check pages by URL. */
  wallUrl: (url: string) => UnknownReason | undefined;
}

const WEB = new Set(['http:', 'https:']);

/** The response's own page (the one asked for; for a followed chain, the first URL). */
function origin(response: CheckResponse): string {
  return response.requestUrl ?? response.finalUrl;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** A 3xx that is not a missing-user answer by its form: where it points is no page of this site. */
export function redirectGate(response: CheckResponse, opts: TransportGateOptions): GateHit | undefined {
  if (response.status < 300 || response.status > 399) return undefined;
  const location = header(response, 'location');
  if (location === undefined || location.trim() === '') return undefined;
  const target = redirectTarget(response);
  const parsed = target === undefined ? undefined : parse(target);
  if (target === undefined || parsed === undefined) {
    return { reason: 'unexpected_response', why: `redirect with an unusable Location ${JSON.stringify(location)}` };
  }
  if (!WEB.has(parsed.protocol)) {
    return {
      reason: 'unexpected_response',
      why: `redirect to a ${parsed.protocol} address, not a web page: ${target.slice(0, 120)}`,
    };
  }
  if (opts.declared(target)) return undefined;
  const here = parse(response.finalUrl);
  if (here && stripHash(here) === stripHash(parsed)) {
    return { reason: 'redirect_loop', why: `redirect back to the same URL ${target}` };
  }
  const wall = opts.wallUrl(target);
  if (wall && wall !== opts.wallUrl(response.finalUrl)) {
    return { reason: wall, why: `redirect to a ${WALL_WORD[wall] ?? 'wall'} page ${target}` };
  }
  const from = parse(origin(response))?.hostname;
  if (from && !opts.sameSite(from, parsed.hostname)) {
    return { reason: 'unexpected_response', why: `redirect to another site: ${target}, not this site's answer` };
  }
  return undefined;
}

const WALL_WORD: Partial<Record<UnknownReason, string>> = {
  login_wall: 'login',
  consent_wall: 'consent',
  blocked: 'human-check',
};

function stripHash(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/** `<meta http-equiv="refresh" content="0; url=…">` and the usual one-line script hops. */
const META_REFRESH =
  /<meta[^>]+http-equiv\s*=\s*["']?refresh["']?[^>]*content\s*=\s*["']\s*\d*\s*;?\s*url\s*=\s*['"]?([^"'>\s]+)/i;
const META_REFRESH_REV =
  /<meta[^>]+content\s*=\s*["']\s*\d*\s*;?\s*url\s*=\s*['"]?([^"'>\s]+)[^>]*http-equiv\s*=\s*["']?refresh/i;
const SCRIPT_HOP =
  /(?:window\.|document\.|top\.|self\.)?location(?:\.href)?\s*(?:=|\.replace\(|\.assign\()\s*["'`]([^"'`]+)["'`]/i;

/** How much visible text a hop page may carry and still be only a hop (real pages say far more). */
const HOP_PAGE_TEXT = 400;

/**
 * A 2xx page that only sends the browser elsewhere: a meta refresh, or a script assignment to `location`
 * on a page with next to no text, to a login, consent or human-check page, to another site, or (next to
 * no text) anywhere at all. Judging such a page would judge the hop, not the profile.
 */
export function scriptHopGate(
  response: CheckResponse,
  visibleTextLength: number,
  opts: TransportGateOptions,
): GateHit | undefined {
  if (response.status < 200 || response.status > 299 || response.body === '') return undefined;
  const head = response.body.slice(0, 64 * 1024);
  // A meta refresh always fires; a script assignment may sit in a click handler of a real page, so it
  // counts only on a page with next to no text of its own.
  const meta = META_REFRESH.exec(head)?.[1] ?? META_REFRESH_REV.exec(head)?.[1];
  const raw = meta ?? (visibleTextLength < HOP_PAGE_TEXT ? SCRIPT_HOP.exec(head)?.[1] : undefined);
  if (raw === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(raw.replaceAll('&amp;', '&'), response.finalUrl);
  } catch {
    return undefined;
  }
  if (!WEB.has(target.protocol)) return undefined;
  const wall = opts.wallUrl(target.href);
  if (wall && wall !== opts.wallUrl(response.finalUrl)) {
    return { reason: wall, why: `the page forwards to a ${WALL_WORD[wall] ?? 'wall'} page ${target.href}` };
  }
  const from = parse(response.finalUrl)?.hostname;
  if (from && !opts.sameSite(from, target.hostname)) {
    return { reason: 'unexpected_response', why: `the page forwards to another site: ${target.href}` };
  }
  if (visibleTextLength < HOP_PAGE_TEXT && stripHash(target) !== stripHash(new URL(response.finalUrl))) {
    return { reason: 'unexpected_response', why: `the page only forwards to ${target.href}` };
  }
  return undefined;
}

/** Media types that are never a profile or an error page. */
const NON_TEXT =
  /^(image|audio|video|font)\/|^application\/(octet-stream|pdf|zip|gzip|x-gzip|x-tar|x-7z-compressed|x-rar-compressed|wasm|x-shockwave-flash|vnd\.ms-|vnd\.openxmlformats|msword)/i;
/** URLs that name a file of such a type: a check that asks for one expects it. */
const FILE_URL = /\.(png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|mp3|mp4|webm|ogg|pdf|zip|gz|woff2?|ttf)$/i;

/** An image, archive or other non-text answer where the check asked for a page. */
export function contentGate(response: CheckResponse): GateHit | undefined {
  if (response.status >= 300 && response.status <= 399) return undefined;
  const type = (header(response, 'content-type') ?? '').trim();
  if (!NON_TEXT.test(type)) return undefined;
  const path = parse(response.finalUrl)?.pathname ?? '';
  if (FILE_URL.test(path)) return undefined;
  return {
    reason: 'unexpected_response',
    why: `a ${type.split(';')[0]} answer where a page was expected: not the site's page`,
  };
}
