import type { SearchOptions, Site, SiteCheck, SiteHealth } from '../model.ts';
import { SearchError } from './errors.ts';

/** A selected site and the checks a search runs for it. */
export interface SelectedSite {
  site: Site;
  checks: SiteCheck[];
}

function runnable(check: SiteCheck): boolean {
  return !check.unsupported && !check.disabled && !check.excluded;
}

/** Sites by every name they answer to (id, name, each check's name), lower-cased: built once per site list. */
const byName = new WeakMap<readonly Site[], Map<string, Site[]>>();

function sitesNamed(sites: readonly Site[], wanted: string): Site[] {
  let index = byName.get(sites);
  if (!index) {
    index = new Map();
    for (const site of sites) {
      for (const name of new Set([site.id, site.name, ...site.checks.map((c) => c.name)].map((n) => n.toLowerCase()))) {
        const named = index.get(name);
        if (named) named.push(site);
        else index.set(name, [site]);
      }
    }
    byName.set(sites, index);
  }
  return index.get(wanted.toLowerCase()) ?? [];
}

/**
 * Which sites and checks a search covers.
 * - Named sites (`options.sites`: id or any catalogue's name, case-insensitive) are searched as asked,
 *   even when NSFW, unreliable, disabled or on an exclusions list (those then give `invalid` results
 *   or run anyway). An unknown name is an error, so a typo is never a silent "no results".
 * - Otherwise: no NSFW unless `nsfw`; only sites with a category or tag in `categories`; checks that are
 *   disabled, unsupported or excluded are left out; checks the health self-test found broken are left
 *   out unless `includeUnreliable` — and a site with nothing left is not searched.
 * - `formats` keeps only checks from those catalogues, in both cases.
 * @throws SearchError `unknown_site`
 */
export function selectSites(
  sites: readonly Site[],
  options: SearchOptions,
  health: ReadonlyMap<string, SiteHealth>,
): SelectedSite[] {
  const formats = options.formats && new Set(options.formats);
  const inFormats = (check: SiteCheck) => !formats || formats.has(check.format);

  if (options.sites && options.sites.length > 0) {
    const selected: SelectedSite[] = [];
    const seen = new Set<Site>();
    for (const wanted of options.sites) {
      const matches = sitesNamed(sites, wanted);
      if (matches.length === 0) throw new SearchError('unknown_site', `No site is named "${wanted}".`);
      for (const site of matches) {
        if (seen.has(site)) continue;
        seen.add(site);
        const checks = site.checks.filter(inFormats);
        if (checks.length > 0) selected.push({ site, checks });
      }
    }
    return selected;
  }

  const categories = options.categories?.map((c) => c.toLowerCase());
  const selected: SelectedSite[] = [];
  for (const site of sites) {
    if (site.nsfw && !options.nsfw) continue;
    if (categories && categories.length > 0) {
      const labels = [site.category, ...site.tags].map((l) => l.toLowerCase());
      if (!categories.some((c) => labels.includes(c))) continue;
    }
    const siteHealth = health.get(site.id);
    const checks = site.checks.filter((check) => {
      if (!inFormats(check) || !runnable(check)) return false;
      if (options.includeUnreliable || !siteHealth) return true;
      const checkHealth = siteHealth.checks?.find((h) => h.format === check.format && h.name === check.name);
      return checkHealth ? checkHealth.reliable : siteHealth.reliable;
    });
    if (checks.length > 0) selected.push({ site, checks });
  }
  return selected;
}
