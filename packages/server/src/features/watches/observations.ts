import type { PlatformResult } from '@hound/contracts';
import type { EmailResult, WatchObservation } from '@hound/engine';
import { breachName } from '@hound/engine';
import type { Database } from '../../db/client.ts';
import { readStoredResults } from '../searches/result-batches.ts';

/** A stored username result as the diff reads it (keyed by site id). */
export function fromPlatformResult(platform: string, result: PlatformResult): WatchObservation {
  return {
    key: result.site_id,
    name: platform,
    verdict: result.verdict,
    ...(result.reason ? { reason: result.reason } : {}),
    ...(result.url ? { url: result.url } : {}),
    rule: result.evidence.rule,
    ...(result.evidence.status !== undefined ? { status: result.evidence.status } : {}),
  };
}

export async function observationsOf(db: Database, searchId: string): Promise<WatchObservation[]> {
  return (await readStoredResults(db, searchId)).map(({ platform, result }) => fromPlatformResult(platform, result));
}

/** The breach check's id in the shipped catalogue. */
export const BREACH_CHECK = 'hibp';

/**
 * Breach names the breach check returned: the names only. Null when that check did not decide (no key,
 * blocked, not run), so the breach set does not move.
 */
export function breachNamesOf(results: readonly EmailResult[]): string[] | null {
  const check = results.find((r) => r.checkId === BREACH_CHECK);
  if (!check) return null;
  if (check.verdict === 'not_found') return [];
  if (check.verdict !== 'found') return null;
  return (check.records ?? []).map((r) => breachName(r.data)).filter(Boolean);
}
