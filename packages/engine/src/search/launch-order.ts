import type { SelectedSite } from './select-sites.ts';

/** The host of a URL template, without parsing it as a URL (the username may sit in the host). */
function templateHost(template: string): string {
  const start = template.indexOf('://') + 3;
  const end = template.slice(start).search(/[/?#]/);
  return (end < 0 ? template.slice(start) : template.slice(start, start + end)).toLowerCase();
}

/** `items` from position `Math.floor(turn * length)` on, then the ones before it. */
function rotate<T>(items: T[], turn: number): T[] {
  const at = Math.floor(turn * items.length) % Math.max(1, items.length);
  return at === 0 ? items : [...items.slice(at), ...items.slice(0, at)];
}

/**
 * The order a search starts its sites in: sites on hosts that many checks share first (their requests
 * queue behind the per-host limit, so they form the longest chains), then the rest in catalogue order.
 * Starting the long chains early keeps them from becoming the search's tail.
 *
 * `turn` (0 ≤ turn < 1) starts each of those two runs that far into itself, wrapping round: searches
 * running at once on one transport get different turns, so their first windows ask different hosts instead
 * of all queueing behind the same few hosts' limits while the others stand idle (decision 152). A search
 * alone uses turn 0.
 */
export function launchOrder(selected: readonly SelectedSite[], turn = 0): SelectedSite[] {
  const load = new Map<string, number>();
  const hostsOf = (entry: SelectedSite) => entry.checks.map((check) => templateHost(check.request.url));
  for (const entry of selected) for (const host of hostsOf(entry)) load.set(host, (load.get(host) ?? 0) + 1);
  const weight = (entry: SelectedSite) => Math.max(0, ...hostsOf(entry).map((host) => load.get(host) ?? 0));
  const ordered = selected
    .map((entry, index) => ({ entry, index, weight: weight(entry) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const shared = ordered.filter((o) => o.weight > 1).map((o) => o.entry);
  const alone = ordered.filter((o) => o.weight <= 1).map((o) => o.entry);
  return [...rotate(shared, turn), ...rotate(alone, turn)];
}
