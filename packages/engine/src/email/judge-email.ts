/**
 * Reads a check's answer by its explicit signals: `found` when every found signal holds, `not_found` when
 * every not-found signal holds, and anything else — neither, both, a block page — `unknown` with a reason.
 * A check never concludes from the absence of one marker alone.
 */
import type { CheckResponse, RuleOutcome } from '../model.ts';
import { detectBlockPage } from '../rules/block-pages.ts';
import type { EmailCheck, Signal } from './catalogue-format.ts';
import { parseJsonBody, readJsonPath } from './json-path.ts';

function describe(signal: Signal): string {
  if ('status' in signal) return `status ${signal.status.join('/')}`;
  if ('bodyContains' in signal) return `body contains "${signal.bodyContains}"`;
  if ('bodyLacks' in signal) return `body lacks "${signal.bodyLacks}"`;
  if ('bodyEquals' in signal)
    return signal.bodyEquals === '' ? 'body is empty' : `body is exactly "${signal.bodyEquals}"`;
  if ('locationContains' in signal) return `redirect to a Location containing "${signal.locationContains}"`;
  return signal.exists !== undefined
    ? `JSON ${signal.jsonPath || '(body)'} ${signal.exists ? 'exists' : 'is absent'}`
    : `JSON ${signal.jsonPath || '(body)'} = ${JSON.stringify(signal.equals)}`;
}

function holds(signal: Signal, response: CheckResponse, json: () => unknown): boolean {
  if ('status' in signal) return signal.status.includes(response.status);
  if ('bodyContains' in signal) return response.body.includes(signal.bodyContains);
  if ('bodyLacks' in signal) return !response.body.includes(signal.bodyLacks);
  if ('bodyEquals' in signal) return !response.truncated && response.body.trim() === signal.bodyEquals;
  // Only a redirect's Location counts (a 200 may carry a Location too); it is read, not followed.
  if ('locationContains' in signal)
    return (
      response.status >= 300 &&
      response.status < 400 &&
      (response.headers.location ?? '').includes(signal.locationContains)
    );
  const value = readJsonPath(json(), signal.jsonPath);
  if (signal.exists !== undefined) return (value !== undefined && value !== null) === signal.exists;
  return value === signal.equals;
}

export function judgeEmail(check: EmailCheck, response: CheckResponse): RuleOutcome {
  let parsed: unknown;
  let tried = false;
  const json = () => {
    if (!tried) {
      parsed = parseJsonBody(response.body, check.jsonPrefix);
      tried = true;
    }
    return parsed;
  };
  // A challenge or throttle page is never read as an answer, whatever a loose signal would say of it.
  const block = detectBlockPage(response);
  if (block)
    return {
      format: 'hound',
      verdict: 'unknown',
      reason: 'blocked',
      rule: `block page (${block.vendor})`,
      detail: block.vendor,
    };
  if (response.status === 429)
    return { format: 'hound', verdict: 'unknown', reason: 'rate_limited', rule: 'status 429 (rate limited)' };
  const found = check.found.every((s) => holds(s, response, json));
  const missing = check.notFound.every((s) => holds(s, response, json));
  const rule = (signals: Signal[]) => signals.map(describe).join(' and ');
  if (found && !missing) return { format: 'hound', verdict: 'found', rule: rule(check.found) };
  if (missing && !found) return { format: 'hound', verdict: 'not_found', rule: rule(check.notFound) };
  if (found && missing)
    return {
      format: 'hound',
      verdict: 'unknown',
      reason: 'unexpected_response',
      rule: 'both the found and the not-found signals hold',
    };
  return {
    format: 'hound',
    verdict: 'unknown',
    reason: response.status >= 500 || response.status === 403 ? 'http_error' : 'unexpected_response',
    rule: `status ${response.status}: neither ${rule(check.found)} nor ${rule(check.notFound)}`,
  };
}
