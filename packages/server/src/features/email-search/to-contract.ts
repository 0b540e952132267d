import { type EmailAccount, type EmailCheckResult, type EmailRecord, usernamesToSearch } from '@hound/contracts';
import type { EmailResult } from '@hound/engine';
import { isWebLink } from '../searches/web-link.ts';

/** The engine's result in the API's shape (snake_case, evidence as in username search). */
export function toCheckResult(result: EmailResult): EmailCheckResult {
  return {
    check_id: result.checkId,
    name: result.name,
    domain: result.domain,
    category: result.category,
    url: isWebLink(result.url) ? result.url : '',
    method: result.method,
    verdict: result.verdict,
    ...(result.reason ? { reason: result.reason } : {}),
    evidence: {
      rule: result.evidence.rule,
      elapsed_ms: result.evidence.elapsedMs,
      agreed: result.evidence.agreed,
      ...(result.evidence.status !== undefined ? { status: result.evidence.status } : {}),
      ...(result.evidence.finalUrl ? { final_url: result.evidence.finalUrl } : {}),
      ...(result.evidence.detail ? { detail: result.evidence.detail } : {}),
    },
    ...(result.details ? { details: result.details } : {}),
    ...(result.records ? { records: result.records } : {}),
    ...(result.usernames ? { usernames: result.usernames } : {}),
  };
}

/** The spec's accounts: one per found check, sorted by site name. */
export function accountsOf(results: readonly EmailCheckResult[]): EmailAccount[] {
  return results
    .filter((r) => r.verdict === 'found')
    .map((r) => ({ siteName: r.name, domain: r.domain, category: r.category, urls: r.url ? [r.url] : [] }))
    .sort((a, b) => a.siteName.localeCompare(b.siteName));
}

/** The spec's raw records: breaches and profile details that found answers carried. */
export function recordsOf(results: readonly EmailCheckResult[]): EmailRecord[] {
  return results
    .filter((r) => r.verdict === 'found')
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((r) => [
      ...(r.records ?? []),
      ...Object.entries(r.details ?? {}).map(([label, value]) => ({
        type: 'Profile Detail',
        data: `${r.name} — ${label}: ${value}`,
      })),
    ]);
}

/** The local part and usernames revealed by found answers, as username-search suggestions. */
export function usernameSuggestions(email: string, results: readonly EmailCheckResult[]): string[] {
  return usernamesToSearch(email, results);
}

/**
 * An old record (decision 107): a search that ended with fewer per-site results stored than it counted
 * (`done`), so the accounts it found can no longer be shown with their links and evidence.
 */
export function isOldRecord(row: { status: string; done: number }, storedResults: number): boolean {
  return row.status !== 'running' && storedResults < row.done;
}
