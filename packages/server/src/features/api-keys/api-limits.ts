import type { ApiKeyLimits } from '@hound/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Config } from '../../env.ts';

/**
 * A plan's API limits (decision 144): the free plan's (a small allowance to try the API; 0 requests per
 * minute turns API access off for it), or the paid plans' (trial and premium alike).
 */
export function apiLimitsFor(plan: UserRow['plan'], limits: Config['api']): ApiKeyLimits {
  const set = plan === 'free' ? limits.free : limits.paid;
  return {
    plan,
    requests_per_minute: set.requestsPerMinute,
    active_searches: set.activeSearches,
    searches_per_day: set.searchesPerDay,
    max_keys: set.maxKeys,
  };
}

export function hasApiAccess(limits: ApiKeyLimits): boolean {
  return limits.requests_per_minute > 0 && limits.max_keys > 0;
}
