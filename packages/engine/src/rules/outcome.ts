import type { CatalogueFormat, CheckResponse, RuleOutcome, UnknownReason } from '../model.ts';
import { detectBlockPage, visibleText } from './block-pages.ts';
import { pageHas } from './page-view.ts';
import { header, isErrorUrl } from './redirect.ts';
import { contentGate, redirectGate, scriptHopGate, type TransportGateOptions } from './transport-gate.ts';

export function found(format: CatalogueFormat, rule: string): RuleOutcome {
  return { format, verdict: 'found', rule };
}

/** A `found` on a status or on a missing absence marker only (decision 100: a control probe checks it). */
export function weakFound(format: CatalogueFormat, rule: string): RuleOutcome {
  return { format, verdict: 'found', rule, weak: true };
}

export function notFound(format: CatalogueFormat, rule: string): RuleOutcome {
  return { format, verdict: 'not_found', rule };
}

export function unknown(format: CatalogueFormat, reason: UnknownReason, rule: string, detail?: string): RuleOutcome {
  return detail === undefined
    ? { format, verdict: 'unknown', reason, rule }
    : { format, verdict: 'unknown', reason, rule, detail };
}

/** Quotes a marker for a rule string, shortened so evidence stays readable. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

/**
 * True when the page contains the marker `text` where its site wrote it (page-view.ts, decision 128): a
 * plain-text marker in an HTML page's visible text, any other anywhere; in the kept body, or seen while a
 * long body streamed past it.
 */
export function has(response: CheckResponse, text: string): boolean {
  return pageHas(response, text);
}

export function is2xx(status: number): boolean {
  return status >= 200 && status < 300;
}

export function is3xx(status: number): boolean {
  return status >= 300 && status < 400;
}

/**
 * Statuses a status-only rule may read as "no such profile" (besides the catalogue's own codes): 404, 410,
 * and a redirect (the rule follows redirects, so a 3xx left is one it could not or was not asked to follow).
 */
export function isMissingStatus(status: number): boolean {
  return status === 404 || status === 410 || is3xx(status);
}

/** 403 or 5xx: an answer about the request, not about the username. */
export function isRefusalOrServerError(status: number): boolean {
  return status === 403 || status >= 500;
}

export interface GuardOptions {
  /** Statuses the catalogue names explicitly as its signal (e.g. a WhatsMyName `m_code` of 429, Maigret `ignore403`). */
  allowStatus?: readonly number[];
  /** The username as searched (wording a profile can carry counts only on pages that do not show it). */
  username?: string;
  /** The rule's own "missing" marker is in the body (login and consent walls then do not apply). */
  missingMarker?: boolean;
  /** Redirect targets the catalogue declares (its `errorUrl` candidates): never a wall. */
  declaredRedirects?: readonly string[];
}

/** Hosts are the same site when one is the other or both share the registrable domain (approximated). */
export function sameSite(a: string, b: string): boolean {
  const domain = (host: string) => {
    const labels = host.toLowerCase().replace(/\.$/, '').split('.');
    if (labels.length <= 2 || /^\d+$/.test(labels.at(-1) ?? '')) return labels.join('.');
    const second = labels.at(-2) ?? '';
    const keep = (labels.at(-1)?.length ?? 0) === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
    return labels.slice(-keep).join('.');
  };
  return domain(a) === domain(b);
}
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'ne', 'or', 'go', 'gr', 'ltd', 'plc']);

/** Login and consent pages by URL: the host's first label or a path segment names them. */
const LOGIN_HOST = /^(login|signin|sign-in|auth|sso|accounts?|id|passport)\./i;
const LOGIN_PATH =
  /(^|\/)(login|log-in|log_in|signin|sign-in|sign_in|logon|signon|sign_on|auth|authenticate|authorize|oauth2?|sso|cas|session\/new|sessions\/new|users\/sign_in|accounts\/login|account\/login|uas\/login|authwall|checkpoint|challenge)(\/|\.|$)/i;
const CONSENT_HOST = /^(consent|guce|cmp|privacy|cookies?)\./i;
const CONSENT_PATH =
  /(^|\/)(consent|cookie-consent|cookies-consent|gdpr|privacy-consent|collectConsent|cookiewall)(\/|\.|$)/i;

/** Human checks by URL path: captcha, "are you a robot", Google's `/sorry/`. */
const HUMAN_CHECK_PATH =
  /(^|\/)(captcha|recaptcha|hcaptcha|human-?check|humanverification|verify-?human|are-?you-?(a-?)?(human|robot)|bot-?check|robot-?check|sorry)(\/|\.|$)/i;

/** What a URL is, when it is a login, consent or human-check page. */
export function wallUrl(url: string): 'login_wall' | 'consent_wall' | 'blocked' | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (CONSENT_HOST.test(parsed.hostname) || CONSENT_PATH.test(parsed.pathname)) return 'consent_wall';
  if (LOGIN_HOST.test(parsed.hostname) || LOGIN_PATH.test(parsed.pathname)) return 'login_wall';
  if (HUMAN_CHECK_PATH.test(parsed.pathname)) return 'blocked';
  return undefined;
}

/** Rate-limit wording in a 400 answer (APIs and proxies throttle with 400 too). */
const THROTTLE_400 =
  /rate.?limit|too many requests|throttl|slow down|resource_exhausted|quota exceeded|try again (later|in \d)/i;

/** Statuses no rule can read as an answer about the username, and why. */
function gatedStatus(status: number): { reason: UnknownReason; why: string } | undefined {
  if (status === 401) return { reason: 'login_wall', why: 'status 401: the site asks for credentials' };
  if (status === 403) return { reason: 'http_error', why: 'status 403: access denied' };
  if (status === 406) return { reason: 'blocked', why: 'status 406: the request was refused (a WAF answer)' };
  if (status === 407) return { reason: 'http_error', why: 'status 407: a proxy on the way asks for credentials' };
  if (status === 451) return { reason: 'region_blocked', why: 'status 451: unavailable for legal reasons' };
  if (status >= 500 && status <= 599) return { reason: 'http_error', why: `status ${status}: server error` };
  return undefined;
}

/**
 * Checks every format runs before its own rules, so that no page other than a profile or a "no such user"
 * answer is judged (docs/decisions/082-walls-and-status-gate.md):
 * 1. block pages and walls by headers and body (vendor challenges, login, consent, region, rate-limit pages);
 * 2. a non-text answer at a page URL; a redirect that ended on (or points to) a login, consent or
 *    human-check page, another site, a non-web address or the same URL; a page that only forwards by
 *    script or meta refresh (docs/decisions/100-unknown-on-unlisted-pages.md);
 * 3. statuses no rule can read (401, 403, 406, 407, 429, 451, 5xx, a 400 with throttle wording) unless the
 *    catalogue names that status;
 * 4. an empty 2xx answer to a request that has a body to show.
 * A bare status list is accepted as `allowStatus` (the older signature).
 */
export function guardResponse(
  format: CatalogueFormat,
  response: CheckResponse,
  options: readonly number[] | GuardOptions = {},
): RuleOutcome | undefined {
  const opts: GuardOptions = Array.isArray(options)
    ? { allowStatus: options as readonly number[] }
    : (options as GuardOptions);
  const allow = opts.allowStatus ?? [];
  const { status } = response;
  // A 404/410 is a "missing" answer by itself; a login form or cookie banner on it is page furniture.
  const declared = (url: string) =>
    (opts.declaredRedirects ?? []).length > 0 && isErrorUrl(url, [...(opts.declaredRedirects ?? [])]);
  const gate: TransportGateOptions = { declared, sameSite, wallUrl };
  const content = contentGate(response);
  if (content) return unknown(format, content.reason, content.why);
  // A 404/410 is a "missing" answer by itself; a login form or cookie banner on it is page furniture.
  const missingMarker = opts.missingMarker || status === 404 || status === 410;
  const block = detectBlockPage(response, { username: opts.username, missingMarker, allowStatus: allow });
  if (block) {
    const what = block.reason === 'blocked' ? 'block page recognised' : `${block.reason.replace('_', ' ')} recognised`;
    return unknown(format, block.reason, `${what}: ${quote(block.marker)}`, block.vendor);
  }
  if (response.redirects > 0 && response.requestUrl && !declared(response.finalUrl)) {
    const kind = wallUrl(response.finalUrl);
    if (kind && wallUrl(response.requestUrl) !== kind) {
      return unknown(format, kind, `redirected to a ${WALL_WORD[kind]} page ${response.finalUrl}`);
    }
    const from = hostOf(response.requestUrl);
    const to = hostOf(response.finalUrl);
    if (from && to && !sameSite(from, to)) {
      return unknown(
        format,
        'unexpected_response',
        `redirected to another site: ${response.finalUrl}, not the profile`,
      );
    }
  }
  // Redirects (followed or read by the rule): never "missing" unless they stay on the site's own pages.
  const redirect = redirectGate(response, gate);
  if (redirect) return unknown(format, redirect.reason, redirect.why);
  if (!missingMarker) {
    const hop = scriptHopGate(response, visibleText(response.body.slice(0, 64 * 1024)).trim().length, gate);
    if (hop) return unknown(format, hop.reason, hop.why);
  }
  if (status === 429 && !allow.includes(429)) {
    return unknown(format, 'rate_limited', 'status 429 Too Many Requests');
  }
  if (!allow.includes(status)) {
    const gated = gatedStatus(status);
    if (gated) return unknown(format, gated.reason, gated.why);
    if (status === 400 && (THROTTLE_400.test(response.body.slice(0, 4096)) || header(response, 'retry-after'))) {
      return unknown(format, 'rate_limited', 'status 400 with throttle wording: a rate limit, not an answer');
    }
  }
  if (is2xx(status) && response.method !== undefined && response.method !== 'HEAD') {
    if (isEmptyPage(response.body)) {
      return unknown(format, 'blocked', `empty ${status} answer: nothing to judge`, 'empty body');
    }
    // `{}`, `[]`, `null`: no page at all, unless the catalogue names it as its "missing" answer.
    if (!opts.missingMarker && isNearEmptyData(response.body)) {
      return unknown(
        format,
        'blocked',
        `near-empty ${status} answer ${quote(response.body.trim())}: nothing to judge`,
        'empty body',
      );
    }
  }
  return undefined;
}

/** No content at all: an empty or whitespace body, or an HTML shell with no text, no script and no image. */
export function isEmptyPage(body: string): boolean {
  const trimmed = body.trim();
  if (trimmed === '') return true;
  if (trimmed.length > 512 || !trimmed.startsWith('<')) return false;
  return !/<(script|img|svg|iframe|input|meta|link)\b/i.test(trimmed) && visibleText(trimmed).trim() === '';
}

/** Near-empty data answers (`{}`, `[]`, `null`): a missing-user answer for some APIs, never a profile. */
export function isNearEmptyData(body: string): boolean {
  return /^(\{\s*\}|\[\s*\]|null|""|true|false|0|ok)$/i.test(body.trim());
}

const WALL_WORD = { login_wall: 'login', consent_wall: 'consent', blocked: 'human-check' } as const;

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}
