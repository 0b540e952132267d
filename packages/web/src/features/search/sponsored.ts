/**
 * Operator-configured sponsored entries (spec 000 §4 "Promotional entries"): the first at the top, the
 * second at a position from a hash of the username within the first 9; shown only when the status
 * filter is not "not found" and the category filter is empty or includes professional. They are
 * display items only: never counted, filtered or exported as results.
 */
import type { StatusFilter } from './filters.ts';
import type { ResultEntry } from './search-state.ts';

export interface SponsoredEntry {
  id: string;
  title: string;
  description: string;
  url: string;
}

export type DisplayItem = { kind: 'result'; entry: ResultEntry } | { kind: 'sponsored'; sponsor: SponsoredEntry };

/** FNV-1a over the lower-cased username: stable across sessions and browsers. */
export function usernameHash(username: string): number {
  let hash = 0x811c9dc5;
  for (const ch of username.toLowerCase()) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** 0-based index of the second entry: 1…8, so it always lands within the first 9 positions. */
export function secondSponsoredIndex(username: string): number {
  return 1 + (usernameHash(username) % 8);
}

export function sponsoredAllowed(status: StatusFilter, categories: ReadonlySet<string>): boolean {
  return status !== 'not_found' && (categories.size === 0 || categories.has('professional'));
}

export function withSponsored(
  entries: readonly ResultEntry[],
  sponsors: readonly SponsoredEntry[],
  username: string,
  status: StatusFilter,
  categories: ReadonlySet<string>,
): DisplayItem[] {
  const items: DisplayItem[] = entries.map((entry) => ({ kind: 'result', entry }));
  if (items.length === 0 || sponsors.length === 0 || !sponsoredAllowed(status, categories)) return items;
  const [first, second] = sponsors;
  items.unshift({ kind: 'sponsored', sponsor: first! });
  if (second)
    items.splice(Math.min(secondSponsoredIndex(username), items.length), 0, { kind: 'sponsored', sponsor: second });
  return items;
}
