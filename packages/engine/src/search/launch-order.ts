import type { SelectedSite } from './select-sites.ts';

/** The host of a URL template, without parsing it as a URL (the username may sit in the host). */
function templateHost(template: string): string {
  const start = template.indexOf('://') + 3;
  const end = template.slice(start).search(/[/?#]/);
  return (end < 0 ? template.slice(start) : template.slice(start, start + end)).toLowerCase();
}

/**
 * The order a search starts its sites in: sites on hosts that many checks share first (their requests
 * queue behind the per-host limit, so they form the longest chains), then the rest in catalogue order.
 * Starting the long chains early keeps them from becoming the search's tail.
 */
export function launchOrder(selected: readonly SelectedSite[]): SelectedSite[] {
  const load = new Map<string, number>();
  const hostsOf = (entry: SelectedSite) => entry.checks.map((check) => templateHost(check.request.url));
  for (const entry of selected) for (const host of hostsOf(entry)) load.set(host, (load.get(host) ?? 0) + 1);
  const weight = (entry: SelectedSite) => Math.max(0, ...hostsOf(entry).map((host) => load.get(host) ?? 0));
  return selected
    .map((entry, index) => ({ entry, index, weight: weight(entry) }))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ entry }) => entry);
}
