import type { CheckResponse, RuleOutcome, SiteCheck } from '../model.ts';
import {
  found,
  guardResponse,
  has,
  is2xx,
  is3xx,
  isMissingStatus,
  notFound,
  quote,
  unknown,
  weakFound,
} from './outcome.ts';
import { errorUrlFor, isErrorUrl, redirectTarget } from './redirect.ts';
import type { MaigretRule } from './types.ts';
import { isWeakMarker, namesUsername } from './weak-markers.ts';

/**
 * Maigret's verdict (checking.py `process_site_result`, error_detection.py):
 * 1. site `errors` substrings → unknown `site_error`; block pages (COMMON_ERRORS and the rest) → `blocked`;
 *    429 → `rate_limited`; 403 (unless ignore403) and ≥500 → `http_error`; 999 is not an error.
 * 2. `message`: found iff no absence string and presence detected; `status_code`: 2xx (after redirects);
 *    `response_url` (no redirects): 2xx and presence.
 * Presence: any presence string; with none listed, a non-empty body (for a non-ASCII username, one that
 * contains it). Hound also reads `presenceStrs` (correct spelling) and `errorUrl`, which Maigret ignores.
 */
export function judgeMaigret(
  check: SiteCheck,
  rule: MaigretRule,
  response: CheckResponse,
  username?: string,
): RuleOutcome {
  const { status, body } = response;
  if (body) {
    for (const [flag, message] of Object.entries(rule.errors)) {
      if (has(response, flag)) return unknown('maigret', 'site_error', `site error marker ${quote(flag)}`, message);
    }
  }
  const declared = errorUrlFor(rule.errorUrl, [check.request.url, check.profileUrl], username, response.finalUrl);
  const guarded = guardResponse('maigret', response, {
    allowStatus: rule.ignore403 ? [403] : [],
    username,
    missingMarker: rule.absenceStrs.some((s) => has(response, s)),
    declaredRedirects: declared ?? [],
  });
  if (guarded) return guarded;
  if (status === 403 && !rule.ignore403) return unknown('maigret', 'http_error', 'status 403: access denied');
  if (status >= 500 && status !== 999) return unknown('maigret', 'http_error', `status ${status}: server error`);

  const similar = rule.similarSearch ? ' (a search hit, not necessarily an exact profile)' : '';
  if (rule.checkType === 'status_code') {
    if (is2xx(status)) return weakFound('maigret', `status ${status} is 2xx (status_code)${similar}`);
    if (!isMissingStatus(status) && status !== 999 && !(status === 403 && rule.ignore403)) {
      return unknown('maigret', 'http_error', `status ${status} is neither 2xx nor a "missing" status (status_code)`);
    }
    return notFound('maigret', `status ${status} is not 2xx (status_code)`);
  }
  if (rule.checkType === 'message') {
    const absent = rule.absenceStrs.find((s) => has(response, s));
    if (absent !== undefined) return notFound('maigret', `body contains absence string ${quote(absent)} (message)`);
    const presence = detectPresence(rule, response, username);
    if (presence.weak) return unknown('maigret', 'unexpected_response', `${presence.why} (message)`);
    if (!presence.present && rule.absenceStrs.length > 0) return neither(presence.why, 'message');
    return presence.present
      ? (presence.bare ? weakFound : found)('maigret', `${presence.why} and no absence string (message)${similar}`)
      : notFound('maigret', `${presence.why} (message)`);
  }
  // response_url
  if (is2xx(status)) {
    const presence = detectPresence(rule, response, username);
    if (presence.weak)
      return unknown('maigret', 'unexpected_response', `status ${status} but ${presence.why} (response_url)`);
    if (!presence.present && rule.absenceStrs.length > 0)
      return neither(`status ${status}, ${presence.why}`, 'response_url');
    return presence.present
      ? (presence.bare ? weakFound : found)('maigret', `status ${status} and ${presence.why} (response_url)${similar}`)
      : notFound('maigret', `status ${status} but ${presence.why} (response_url)`);
  }
  if (is3xx(status)) {
    const errorUrl = errorUrlFor(rule.errorUrl, [check.request.url, check.profileUrl], username, response.finalUrl);
    if (errorUrl !== undefined) {
      const target = redirectTarget(response);
      if (target !== undefined && isErrorUrl(target, errorUrl)) {
        return notFound('maigret', `redirect to errorUrl ${target} (response_url)`);
      }
      return unknown(
        'maigret',
        'unexpected_response',
        `redirect to ${target ?? '(no Location)'}, not to errorUrl ${errorUrl.join(' or ')} (response_url)`,
      );
    }
  }
  if (!isMissingStatus(status) && !is3xx(status) && status !== 999) {
    return unknown(
      'maigret',
      'http_error',
      `status ${status} is neither 2xx, a redirect nor a "missing" status (response_url)`,
    );
  }
  return notFound('maigret', `status ${status} is not 2xx (response_url)`);
}

/**
 * A page with neither the entry's presence nor its absence strings is neither the profile nor the site's
 * "no such user" page (decision 100; Maigret: not found): a parked domain, a default page, a wall.
 */
function neither(why: string, type: string): RuleOutcome {
  return unknown(
    'maigret',
    'unexpected_response',
    `${why} and no absence string either: neither the profile nor the site's not-found page (${type})`,
  );
}

/**
 * Presence by the rule's strings. A hit on weak strings only (generic markup, common words: see
 * weak-markers.ts) counts when the page also names the username; otherwise `weak` is set and the check
 * cannot decide.
 */
function detectPresence(
  rule: MaigretRule,
  response: CheckResponse,
  username: string | undefined,
): { present: boolean; why: string; weak?: boolean; bare?: boolean } {
  const body = response.body;
  if (rule.presenceStrs.length > 0) {
    const hits = rule.presenceStrs.filter((s) => has(response, s));
    const hit = hits.find((s) => !isWeakMarker(s)) ?? hits[0];
    if (hit === undefined) return { present: false, why: 'body lacks every presence string' };
    if (!isWeakMarker(hit)) return { present: true, why: `body contains presence string ${quote(hit)}` };
    if (namesUsername(response, username)) {
      return { present: true, why: `body contains weak presence string ${quote(hit)} and names the username` };
    }
    return {
      present: false,
      weak: true,
      why: `only the weak presence string ${quote(hit)} (on most pages), and the page does not name the username`,
    };
  }
  if (body === '' && !response.seen) return { present: false, why: 'empty body' };
  if (username !== undefined && !/^[\u0000-\u007f]*$/.test(username) && !has(response, username)) {
    return { present: false, why: 'non-ASCII username absent from the page' };
  }
  return { present: true, why: 'non-empty body', bare: true };
}
