import type { CheckResponse, RuleOutcome, SiteCheck } from '../model.ts';
import {
  found,
  guardResponse,
  has,
  is2xx,
  is3xx,
  isMissingStatus,
  isRefusalOrServerError,
  notFound,
  quote,
  unknown,
  weakFound,
} from './outcome.ts';
import { errorUrlFor, isErrorUrl, redirectTarget } from './redirect.ts';
import type { SherlockErrorType, SherlockRule } from './types.ts';

/**
 * Sherlock's verdict (sherlock.py), with Hound's safety changes (docs/decisions/023-verdict-rules.md):
 * - `message`: absence-only — any errorMsg in the body means not found, otherwise found; but a 403/5xx
 *   without the errorMsg is `unknown` (upstream: found).
 * - `status_code`: errorCode or non-2xx means not found; but 403, 5xx and a 405 to a HEAD are `unknown`
 *   (upstream: not found), unless errorCode lists them.
 * - `response_url` (redirects not followed): 2xx means found, else not found; a redirect to somewhere
 *   other than a usable `errorUrl` is `unknown`; 403/5xx are `unknown`.
 * - a list of types is AND-chained: found only when every type says found.
 */
export function judgeSherlock(
  check: SiteCheck,
  rule: SherlockRule,
  response: CheckResponse,
  username?: string,
): RuleOutcome {
  const declared = errorUrlFor(rule.errorUrl, [check.request.url, check.profileUrl], username, response.finalUrl);
  const guarded = guardResponse('sherlock', response, {
    allowStatus: rule.errorCodes,
    username,
    missingMarker: rule.errorMsgs.some((m) => has(response, m)),
    declaredRedirects: declared ?? [],
  });
  if (guarded) return guarded;
  const passed: string[] = [];
  for (const type of rule.errorTypes) {
    const step = judgeOne(type, check, rule, response, username);
    if (step.verdict !== 'found') return step;
    passed.push(step.rule);
  }
  // Sherlock reads no presence marker: every found rests on a status or on a missing errorMsg.
  return weakFound('sherlock', passed.join(' and '));
}

function judgeOne(
  type: SherlockErrorType,
  check: SiteCheck,
  rule: SherlockRule,
  response: CheckResponse,
  username: string | undefined,
): RuleOutcome {
  const { status } = response;
  if (type === 'message') {
    const hit = rule.errorMsgs.find((m) => has(response, m));
    if (hit !== undefined) return notFound('sherlock', `body contains errorMsg ${quote(hit)} (message)`);
    if (isRefusalOrServerError(status)) {
      return unknown('sherlock', 'http_error', `status ${status} without errorMsg: not a profile page (message)`);
    }
    return found('sherlock', `body lacks every errorMsg (message, status ${status})`);
  }
  if (type === 'status_code') {
    if (rule.errorCodes.includes(status)) {
      return notFound('sherlock', `status ${status} is listed in errorCode (status_code)`);
    }
    if (is2xx(status)) return found('sherlock', `status ${status} is 2xx (status_code)`);
    if (isRefusalOrServerError(status) || (status === 405 && check.request.method === 'HEAD')) {
      return unknown('sherlock', 'http_error', `status ${status} says nothing about the username (status_code)`);
    }
    if (!isMissingStatus(status)) {
      return unknown('sherlock', 'http_error', `status ${status} is neither 2xx nor a "missing" status (status_code)`);
    }
    return notFound('sherlock', `status ${status} is not 2xx (status_code)`);
  }
  if (is2xx(status)) return found('sherlock', `status ${status} without redirect (response_url)`);
  if (isRefusalOrServerError(status)) {
    return unknown('sherlock', 'http_error', `status ${status} says nothing about the username (response_url)`);
  }
  if (is3xx(status)) {
    const errorUrl = errorUrlFor(rule.errorUrl, [check.request.url, check.profileUrl], username, response.finalUrl);
    if (errorUrl === undefined)
      return notFound('sherlock', `status ${status} redirect within the site (response_url; no errorUrl to compare)`);
    const target = redirectTarget(response);
    if (target !== undefined && isErrorUrl(target, errorUrl)) {
      return notFound('sherlock', `redirect to errorUrl ${target} (response_url)`);
    }
    return unknown(
      'sherlock',
      'unexpected_response',
      `redirect to ${target ?? '(no Location)'}, not to errorUrl ${errorUrl.join(' or ')} (response_url)`,
    );
  }
  if (!isMissingStatus(status)) {
    return unknown(
      'sherlock',
      'http_error',
      `status ${status} is neither 2xx, a redirect nor a "missing" status (response_url)`,
    );
  }
  return notFound('sherlock', `status ${status} is not 2xx (response_url)`);
}
