import type { PlatformResult, Verdict } from '@hound/contracts';
import type { ResultEntry } from '../features/search/search-state.ts';

/** A result as the server sends it, for tests. */
export function platformResult(overrides: Partial<PlatformResult> & { verdict?: Verdict } = {}): PlatformResult {
  const verdict = overrides.verdict ?? 'found';
  const status = { found: 'Found', not_found: 'Not Found', unknown: 'Unknown', invalid: 'Invalid' }[verdict];
  return {
    site_id: 'example.com',
    url: 'https://example.com/alice',
    found: verdict === 'found',
    status,
    username: 'alice',
    category: 'social',
    verdict,
    evidence: { status: verdict === 'found' ? 200 : 404, rule: 'status_code', elapsed_ms: 120, agreed: ['sherlock'] },
    ...overrides,
  };
}

export function entry(platform: string, overrides: Parameters<typeof platformResult>[0] = {}): ResultEntry {
  const host = `${platform.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
  return {
    platform,
    result: platformResult({ site_id: host, url: `https://${host}/alice`, ...overrides }),
  };
}
