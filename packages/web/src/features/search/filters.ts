/** Status and category filters of the results panel (spec 000 §2: default "Found only"; no category = all). */
import type { Verdict } from '@hound/contracts';
import { categoryOf } from './categories.ts';
import type { ResultEntry } from './search-state.ts';

export const STATUS_FILTERS = ['found', 'all', 'not_found', 'unknown'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const DEFAULT_STATUS_FILTER: StatusFilter = 'found';

export interface Filters {
  status: StatusFilter;
  /** Empty means every category. */
  categories: ReadonlySet<string>;
}

/** "unknown" covers both undecided checks and sites where the username cannot exist (invalid). */
export function matchesStatus(verdict: Verdict, filter: StatusFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'found':
      return verdict === 'found';
    case 'not_found':
      return verdict === 'not_found';
    case 'unknown':
      return verdict === 'unknown' || verdict === 'invalid';
  }
}

export function entryCategory(entry: ResultEntry): string {
  return categoryOf(entry.platform, entry.result.category);
}

export function filterResults(entries: readonly ResultEntry[], filters: Filters): ResultEntry[] {
  return entries.filter(
    (e) =>
      matchesStatus(e.result.verdict, filters.status) &&
      (filters.categories.size === 0 || filters.categories.has(entryCategory(e))),
  );
}

/**
 * Categories present in the results with how many results each has, alphabetical with "other" last:
 * positions stay put while results stream in, so a chip does not move under the pointer.
 */
export function categoryCounts(entries: readonly ResultEntry[]): Array<{ id: string; count: number }> {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const id = entryCategory(e);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts]
    .map(([id, count]) => ({ id, count }))
    .sort((a, b) => Number(a.id === 'other') - Number(b.id === 'other') || a.id.localeCompare(b.id));
}

export interface Summary {
  checked: number;
  found: number;
  notFound: number;
  unknown: number;
  invalid: number;
  /** Why checks were undecided, most common first. */
  unknownReasons: Array<{ reason: string; count: number }>;
}

export function summarize(entries: readonly ResultEntry[]): Summary {
  const summary: Summary = {
    checked: entries.length,
    found: 0,
    notFound: 0,
    unknown: 0,
    invalid: 0,
    unknownReasons: [],
  };
  const reasons = new Map<string, number>();
  for (const { result } of entries) {
    if (result.verdict === 'found') summary.found += 1;
    else if (result.verdict === 'not_found') summary.notFound += 1;
    else if (result.verdict === 'invalid') summary.invalid += 1;
    else {
      summary.unknown += 1;
      const reason = result.reason ?? 'other';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  summary.unknownReasons = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return summary;
}
