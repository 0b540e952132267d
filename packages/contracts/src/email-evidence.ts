/**
 * What an email search's results add up to, computed the same way by the server, the browser and the CLI
 * (issue 26 items 3 and 4): the counts the results show, and the names offered as username searches.
 */

import { isSearchableUsername } from './username.ts';

/** The counts of one email search. `asked` = sites a request went to; `skipped` = checks not run (loud, keyless). */
export interface EmailResultCounts {
  asked: number;
  found: number;
  notFound: number;
  unknown: number;
  skipped: number;
}

export function countEmailResults(results: ReadonlyArray<{ verdict: string }>): EmailResultCounts {
  const counts: EmailResultCounts = { asked: 0, found: 0, notFound: 0, unknown: 0, skipped: 0 };
  for (const r of results) {
    if (r.verdict === 'found') counts.found++;
    else if (r.verdict === 'not_found') counts.notFound++;
    else if (r.verdict === 'unknown') counts.unknown++;
    else counts.skipped++;
  }
  counts.asked = counts.found + counts.notFound + counts.unknown;
  return counts;
}

/**
 * The pivots of an email search: the address's local part, then the usernames found answers revealed
 * (e.g. Duolingo's), without repeats (case-insensitive) and only in a form a username search accepts.
 */
export function usernamesToSearch(
  email: string,
  results: ReadonlyArray<{ verdict: string; usernames?: readonly string[] | undefined }>,
): string[] {
  const local = email.trim().slice(0, email.trim().lastIndexOf('@'));
  const names = [local, ...results.flatMap((r) => (r.verdict === 'found' ? (r.usernames ?? []) : []))];
  const seen = new Set<string>();
  return names.filter((name) => {
    if (!isSearchableUsername(name) || seen.has(name.toLowerCase())) return false;
    seen.add(name.toLowerCase());
    return true;
  });
}
