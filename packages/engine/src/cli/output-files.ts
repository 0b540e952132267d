import { writeFile } from 'node:fs/promises';
import type { SearchTree } from '@hound/contracts';
import type { EmailResult, SiteResult } from '../model.ts';
import { csvRow } from './csv.ts';
import { writtenResult } from './profile-link.ts';

export interface SearchRecord {
  /** The search's id in its tree (`trees` in the JSON file). */
  searchId: string;
  username: string;
  startedAt: string;
  elapsedMs: number;
  /** True when the search was interrupted before every site answered. */
  interrupted: boolean;
  results: SiteResult[];
}

/** An email search: an address `hound email` was given, or one a recursive search followed. */
export interface EmailSearchRecord {
  /** The search's id in its tree; absent when `hound email` follows no leads. */
  searchId?: string;
  email: string;
  startedAt: string;
  elapsedMs: number;
  interrupted: boolean;
  results: EmailResult[];
  /** The address's local part and the usernames found answers revealed: its pivots (`usernamesToSearch`). */
  usernames: string[];
}

export function countVerdicts(results: readonly SiteResult[]): Record<SiteResult['verdict'], number> {
  const counts = { found: 0, not_found: 0, unknown: 0, invalid: 0 };
  for (const result of results) counts[result.verdict]++;
  return counts;
}

/** A username search as `--json` writes it: its counts, each result's `url` the profile page or '' (`apiUrl`). */
export function writtenSearch(search: SearchRecord) {
  return {
    ...search,
    results: search.results.map((r) => writtenResult(r, search.username)),
    counts: countVerdicts(search.results),
  };
}

/**
 * `--json FILE`: every search with every result, its evidence and a found profile's facts; per name given,
 * its search tree (`hound-tree/1`: the searches its leads started, with why, and every found profile).
 */
export async function writeJson(
  file: string,
  version: string,
  searches: SearchRecord[],
  trees: SearchTree[] = [],
  emailSearches: EmailSearchRecord[] = [],
  /** `--compare`: each name's watch state, so the next `--compare` against this file goes on from it. */
  watch?: Record<string, unknown>,
): Promise<void> {
  const body = {
    tool: 'hound',
    version,
    generatedAt: new Date().toISOString(),
    searches: searches.map(writtenSearch),
    ...(emailSearches.length > 0 ? { emailSearches } : {}),
    trees,
    ...(watch ? { watch } : {}),
  };
  await writeFile(file, `${JSON.stringify(body, null, 2)}\n`, 'utf8');
}

const CSV_HEADER = [
  'username',
  'site',
  'site_id',
  'url',
  'verdict',
  'reason',
  'http_status',
  'category',
  'rule',
  'catalogues',
  'elapsed_ms',
  'api_url',
];

/** `--csv FILE`: one row per username and site. */
export async function writeCsv(file: string, searches: SearchRecord[]): Promise<void> {
  let text = csvRow(CSV_HEADER);
  for (const search of searches) {
    for (const result of search.results) {
      const r = writtenResult(result, search.username);
      text += csvRow([
        search.username,
        r.name,
        r.siteId,
        r.url,
        r.verdict,
        r.reason,
        r.evidence.status,
        r.category,
        r.evidence.rule,
        r.evidence.agreed.join(' '),
        r.evidence.elapsedMs,
        r.apiUrl,
      ]);
    }
  }
  await writeFile(file, text, 'utf8');
}
