/**
 * Reads a check's answer by its explicit signals: `found` when every found signal holds, `not_found` when
 * every not-found signal holds, and anything else — neither, both, a block page — `unknown` with a reason.
 * A check never concludes from the absence of one marker alone. Text markers are looked for where the site
 * writes them (the visible text of a page), JSON markers at their paths, and an answer not of the shape the
 * check's own answers have decides nothing (decision 130).
 */
import type { CheckResponse, RuleOutcome } from '../model.ts';
import { detectBlockPage } from '../rules/block-pages.ts';
import { AnswerView, asVisible, foreignShape } from './answer-view.ts';
import type { EmailCheck, Signal } from './catalogue-format.ts';
import { readJsonPath } from './json-path.ts';

function describe(signal: Signal): string {
  if ('status' in signal) return `status ${signal.status.join('/')}`;
  if ('bodyContains' in signal) return `${signal.raw ? 'markup' : 'body'} contains "${signal.bodyContains}"`;
  if ('bodyLacks' in signal) return `${signal.raw ? 'markup' : 'body'} lacks "${signal.bodyLacks}"`;
  if ('bodyEquals' in signal)
    return signal.bodyEquals === '' ? 'body is empty' : `body is exactly "${signal.bodyEquals}"`;
  if ('locationContains' in signal) return `redirect to a Location containing "${signal.locationContains}"`;
  return signal.exists !== undefined
    ? `JSON ${signal.jsonPath || '(body)'} ${signal.exists ? 'exists' : 'is absent'}`
    : `JSON ${signal.jsonPath || '(body)'} = ${JSON.stringify(signal.equals)}`;
}

/** Values that stand for "nothing" where a site puts an id or a name: no proof an account is there. */
const PLACEHOLDERS = new Set([
  '',
  'unknown',
  'null',
  'undefined',
  'none',
  'nil',
  'n/a',
  'na',
  '0',
  'false',
  'nan',
  '-',
]);

/** A present, well-formed value: not null, not a placeholder string or 0, not an empty array or object. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return !PLACEHOLDERS.has(value.trim().toLowerCase());
  if (typeof value === 'number') return value !== 0 && Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * Whether a text marker is in the answer: in what a page's reader sees, or for a `raw` one in its markup
 * (tags and attributes, never scripts, styles or comments).
 */
function contains(view: AnswerView, marker: string, raw: boolean | undefined): boolean {
  if (view.kind !== 'html') return view.response.body.includes(marker);
  return raw ? view.markup.includes(marker) : view.text.includes(asVisible(marker));
}

function holds(signal: Signal, view: AnswerView): boolean {
  const response = view.response;
  if ('status' in signal) return signal.status.includes(response.status);
  if ('bodyContains' in signal) return contains(view, signal.bodyContains, signal.raw);
  if ('bodyLacks' in signal) return !contains(view, signal.bodyLacks, signal.raw);
  if ('bodyEquals' in signal) return !response.truncated && response.body.trim() === signal.bodyEquals;
  // Only a redirect's Location counts (a 200 may carry a Location too); it is read, not followed.
  if ('locationContains' in signal)
    return (
      response.status >= 300 &&
      response.status < 400 &&
      (response.headers.location ?? '').includes(signal.locationContains)
    );
  const value = readJsonPath(view.json, signal.jsonPath);
  if (signal.exists !== undefined) return isPresent(value) === signal.exists;
  return value === signal.equals;
}

export function judgeEmail(check: EmailCheck, response: CheckResponse): RuleOutcome {
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
  const view = new AnswerView(response, check.jsonPrefix);
  // A JSON error where the site answers with a page, a page where it answers JSON, JSON with none of its
  // fields: another server's answer (a gateway, a host's error page), not this site's about the address.
  const foreign = foreignShape(check, view);
  if (foreign)
    return {
      format: 'hound',
      verdict: 'unknown',
      reason: response.status >= 500 || response.status === 403 ? 'http_error' : 'unfamiliar_answer',
      rule: `status ${response.status}: ${foreign}`,
    };
  const found = check.found.every((s) => holds(s, view));
  const missing = check.notFound.every((s) => holds(s, view));
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
