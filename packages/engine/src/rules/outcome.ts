import type { CatalogueFormat, CheckResponse, RuleOutcome, UnknownReason } from '../model.ts';
import { detectBlockPage } from './block-pages.ts';

export function found(format: CatalogueFormat, rule: string): RuleOutcome {
  return { format, verdict: 'found', rule };
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

export function is2xx(status: number): boolean {
  return status >= 200 && status < 300;
}

export function is3xx(status: number): boolean {
  return status >= 300 && status < 400;
}

/** 403 or 5xx: an answer about the request, not about the username. */
export function isRefusalOrServerError(status: number): boolean {
  return status === 403 || status >= 500;
}

/**
 * Checks every format runs before its own rules: a block page or a 429 never becomes found/not_found.
 * `allowStatus` names statuses the catalogue explicitly expects (e.g. a WhatsMyName `m_code` of 429).
 */
export function guardResponse(
  format: CatalogueFormat,
  response: CheckResponse,
  allowStatus: readonly number[] = [],
): RuleOutcome | undefined {
  const block = detectBlockPage(response);
  if (block) return unknown(format, 'blocked', `block page recognised: ${quote(block.marker)}`, block.vendor);
  if (response.status === 429 && !allowStatus.includes(429)) {
    return unknown(format, 'rate_limited', 'status 429 Too Many Requests');
  }
  return undefined;
}
