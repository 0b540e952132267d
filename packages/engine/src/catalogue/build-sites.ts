import type { CatalogueFormat, Site, SiteCheck } from '../model.ts';
import { USERNAME_PLACEHOLDER } from '../username/place-url.ts';
import { type SiteKey, siteKey } from './site-key.ts';

// Which catalogue names the merged site and gives its category when several describe it.
const NAME_PRIORITY: CatalogueFormat[] = ['hound', 'sherlock', 'whatsmyname', 'maigret'];
const CATEGORY_PRIORITY: CatalogueFormat[] = ['hound', 'whatsmyname', 'maigret', 'sherlock'];

/**
 * Groups checks into sites (docs/decisions/021-site-merging.md). Checks whose profile URLs share a
 * normalised host form one site, unless one catalogue has entries with structurally different profile
 * paths on that host (e.g. `genius.com/artists/{}` and `genius.com/{}`): then each path shape is its own
 * site. Ids are stable: the host, or host plus the path before the username for split hosts.
 */
export function buildSites(checks: readonly SiteCheck[]): Site[] {
  const byHost = new Map<string, Array<{ check: SiteCheck; key: SiteKey }>>();
  const keyless: SiteCheck[] = [];
  // Checks that send the very same request get the very same answer: they are one site, whatever
  // profile address each catalogue gives (Discord's username API is in three catalogues, two of them
  // with the home page as "profile").
  const keyByRequest = new Map<string, SiteKey>();
  for (const check of checks) {
    const request = requestSignature(check);
    const key = (request && keyByRequest.get(request)) || siteKey(check);
    if (request && key && !keyByRequest.has(request)) keyByRequest.set(request, key);
    if (!key) {
      keyless.push(check);
      continue;
    }
    const group = byHost.get(key.host) ?? [];
    group.push({ check, key });
    byHost.set(key.host, group);
  }

  const sites: Site[] = [];
  for (const [host, group] of byHost) {
    const shapesByFormat = new Map<CatalogueFormat, Set<string>>();
    for (const { check, key } of group) {
      const shapes = shapesByFormat.get(check.format) ?? new Set();
      shapes.add(key.shape);
      shapesByFormat.set(check.format, shapes);
    }
    const split = [...shapesByFormat.values()].some((shapes) => shapes.size > 1);
    if (!split) {
      sites.push(
        makeSite(
          host,
          host,
          group.map((g) => g.check),
        ),
      );
      continue;
    }
    const byShape = new Map<string, SiteCheck[]>();
    for (const { check, key } of group) byShape.set(key.shape, [...(byShape.get(key.shape) ?? []), check]);
    const ids = new Map<string, string>();
    for (const shape of byShape.keys()) ids.set(shape, shortId(host, shape));
    const counts = new Map<string, number>();
    for (const id of ids.values()) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const [shape, members] of byShape) {
      const id = ids.get(shape)!;
      sites.push(makeSite(counts.get(id)! > 1 ? longId(host, shape) : id, host, members));
    }
  }
  for (const check of keyless) {
    sites.push(
      makeSite(`${check.format}/${slug(check.name.toLowerCase().replace(/\{username\}/g, '{}'))}`, '', [check]),
    );
  }
  return uniqueNames(dedupeIds(sites)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Method, URL and body of a check that carries the username; undefined for one that does not. */
function requestSignature(check: SiteCheck): string | undefined {
  const { method, url, body } = check.request;
  if (!url || check.unsupported) return undefined;
  const carries = (text: string | undefined) => text?.includes(USERNAME_PLACEHOLDER) ?? false;
  if (!carries(url) && !carries(body)) return undefined;
  return `${method} ${url} ${body ?? ''}`;
}

/**
 * Site names are what people read and what results are keyed by, so each is unique and readable: when
 * several sites share a catalogue name, the one most catalogues describe keeps it and the others say
 * what sets them apart — their host (`Twitter (twitter.com)`) or the words of their profile path
 * (`YouTube (about)`), never an internal id.
 */
function uniqueNames(sites: Site[]): Site[] {
  const byName = new Map<string, Site[]>();
  for (const site of sites) {
    const key = site.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), site]);
  }
  const taken = new Set(byName.keys());
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => b.checks.length - a.checks.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const [first, ...rest] = group as [Site, ...Site[]];
    const words = (site: Site) => pathWords(site.checks.find((c) => siteKey(c))) ?? [];
    const shared = new Set(words(first));
    for (const site of rest) {
      const own = words(site).filter((w) => !shared.has(w));
      const differs =
        site.host && site.host !== first.host ? site.host : own.length ? own.join(' ') : site.host || site.id;
      let name = `${site.name} (${differs})`;
      for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${site.name} (${differs} ${n})`;
      taken.add(name.toLowerCase());
      site.name = name;
    }
  }
  return sites;
}

/** The literal words of a check's profile path, without the username's segment: `/u/{}/summary` → `u`, `summary`. */
function pathWords(check: SiteCheck | undefined): string[] | undefined {
  const key = check && siteKey(check);
  if (!key) return undefined;
  return key.shape
    .split('?')[0]!
    .split('/')
    .filter((segment) => segment && !segment.includes('{}'))
    .map((segment) => decodeURIComponent(segment).replace(/[-_]+/g, ' '));
}

/** `host` plus the literal path segments before the username: `genius.com/artists`. */
function shortId(host: string, shape: string): string {
  if (shape.startsWith('{}.')) return host;
  const path = shape.split('?')[0]!;
  const segments: string[] = [];
  for (const segment of path.split('/').filter(Boolean)) {
    if (segment.includes('{}')) break;
    segments.push(segment);
  }
  return segments.length ? `${host}/${segments.map(slug).join('/')}` : host;
}

function slug(text: string): string {
  return text.replace(/\{\}/g, '_').replace(/[^a-z0-9._~-]+/g, '-');
}

function longId(host: string, shape: string): string {
  const path = shape.split('/').filter(Boolean).map(slug).join('/');
  return path ? `${host}/${path}` : host;
}

function dedupeIds(sites: Site[]): Site[] {
  const seen = new Map<string, number>();
  for (const site of sites) {
    const n = (seen.get(site.id) ?? 0) + 1;
    seen.set(site.id, n);
    if (n > 1) site.id = `${site.id}~${n}`;
  }
  return sites;
}

function usable(check: SiteCheck): boolean {
  return !check.unsupported && !check.disabled;
}

function pick(checks: SiteCheck[], order: CatalogueFormat[], has: (c: SiteCheck) => boolean): SiteCheck | undefined {
  const sorted = [...checks].sort(
    (a, b) => Number(usable(b)) - Number(usable(a)) || order.indexOf(a.format) - order.indexOf(b.format),
  );
  return sorted.find(has);
}

function makeSite(id: string, host: string, checks: SiteCheck[]): Site {
  const named = pick(checks, NAME_PRIORITY, () => true)!;
  const categorised = pick(checks, CATEGORY_PRIORITY, (c) => c.category !== '');
  return {
    id,
    name: named.name,
    host,
    category: categorised?.category ?? 'other',
    tags: [...new Set(checks.flatMap((c) => c.tags))].sort(),
    nsfw: checks.some((c) => c.nsfw),
    checks,
  };
}
