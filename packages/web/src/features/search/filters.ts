/** Status and category filters of the results panel (spec 000 §2: default "Found only"; no category = all). */
import type { Verdict } from '@hound/contracts';
import { categoryOf, groupOf, SPEC_GROUPS, type SpecGroup } from './categories.ts';
import type { ResultEntry } from './search-state.ts';

export const STATUS_FILTERS = ['found', 'all', 'not_found', 'unknown'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const DEFAULT_STATUS_FILTER: StatusFilter = 'found';

export interface Filters {
  status: StatusFilter;
  /** Spec groups and catalogue categories; empty means every category. */
  categories: ReadonlySet<string>;
  /** Part of the site's name (or host), any case; empty means every site. */
  name?: string;
}

export const SORTS = ['checked', 'name', 'category', 'verdict'] as const;
export type Sort = (typeof SORTS)[number];

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

/** An entry is in a selected category when its catalogue category or that category's group is selected. */
export function inCategories(entry: ResultEntry, categories: ReadonlySet<string>): boolean {
  if (categories.size === 0) return true;
  const category = entryCategory(entry);
  return categories.has(category) || categories.has(groupOf(category));
}

export function filterResults(entries: readonly ResultEntry[], filters: Filters): ResultEntry[] {
  const needle = (filters.name ?? '').trim().toLowerCase();
  return entries.filter(
    (e) =>
      matchesStatus(e.result.verdict, filters.status) &&
      inCategories(e, filters.categories) &&
      (!needle || e.platform.toLowerCase().includes(needle) || e.result.site_id.toLowerCase().includes(needle)),
  );
}

const VERDICT_ORDER = { found: 0, unknown: 1, not_found: 2, invalid: 3 } as const;
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** "checked" keeps the order results arrived in; the others sort a copy. */
export function sortResults(entries: readonly ResultEntry[], sort: Sort): readonly ResultEntry[] {
  if (sort === 'checked') return entries;
  const byName = (a: ResultEntry, b: ResultEntry) => collator.compare(a.platform, b.platform);
  const keyed = entries.map((e) => ({ e, category: entryCategory(e) }));
  keyed.sort((a, b) => {
    if (sort === 'category') {
      const ga = SPEC_GROUPS.indexOf(groupOf(a.category));
      const gb = SPEC_GROUPS.indexOf(groupOf(b.category));
      return ga - gb || collator.compare(a.category, b.category) || byName(a.e, b.e);
    }
    if (sort === 'verdict')
      return VERDICT_ORDER[a.e.result.verdict] - VERDICT_ORDER[b.e.result.verdict] || byName(a.e, b.e);
    return byName(a.e, b.e);
  });
  return keyed.map((k) => k.e);
}

export interface CategoryGroup {
  group: SpecGroup;
  count: number;
  /** The catalogue categories inside the group (the group's own name left out), alphabetical. */
  categories: Array<{ id: string; count: number }>;
}

/**
 * The spec's six groups in their order, each with the catalogue categories inside it; only groups and
 * categories that have entries. Callers pass the entries the status filter keeps, so counts match the list.
 */
export function groupedCategoryCounts(entries: readonly ResultEntry[]): CategoryGroup[] {
  const counts = new Map<string, number>();
  for (const e of entries) {
    const id = entryCategory(e);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const groups = new Map<SpecGroup, CategoryGroup>(SPEC_GROUPS.map((g) => [g, { group: g, count: 0, categories: [] }]));
  for (const [id, count] of counts) {
    const g = groups.get(groupOf(id))!;
    g.count += count;
    if (id !== g.group) g.categories.push({ id, count });
  }
  return [...groups.values()]
    .filter((g) => g.count > 0)
    .map((g) => ({ ...g, categories: g.categories.sort((a, b) => a.id.localeCompare(b.id)) }));
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
  /** Undecided checks the catalogues did not disagree on (timeouts, bot walls, …). */
  unknown: number;
  /** Sites where the catalogues' rules reached opposite verdicts: decided, but not agreed. */
  conflict: number;
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
    conflict: 0,
    invalid: 0,
    unknownReasons: [],
  };
  const reasons = new Map<string, number>();
  for (const { result } of entries) {
    if (result.verdict === 'found') summary.found += 1;
    else if (result.verdict === 'not_found') summary.notFound += 1;
    else if (result.verdict === 'invalid') summary.invalid += 1;
    else if (result.reason === 'conflict') summary.conflict += 1;
    else {
      summary.unknown += 1;
      const reason = result.reason ?? 'other';
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  summary.unknownReasons = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return summary;
}
