import type { Skipped } from '../types.ts';
import { hasBodyUsername } from './body-pattern.ts';
import type { SiteEntry } from './entry.ts';
import { methodClass, Route } from './route.ts';
import { matchUrl, parseUrlPattern } from './url-pattern.ts';

export interface RouteMatch {
  route: Route;
  /** The username the request carries. */
  username: string;
}

/** Second-level labels under a country's TLD that are not a site of their own (`bbc.co.uk`, `uol.com.br`). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ac', 'edu', 'gov', 'or', 'ne', 'go']);

/** The claimed names of one site and the routes that ask it. */
interface KnownSite {
  claimed: Set<string>;
  routes: Set<Route>;
}

/** The host of the profile page the entry names (its site), when it parses. */
function siteHost(entry: SiteEntry): string | undefined {
  if (!entry.siteUrl) return undefined;
  const pattern = parseUrlPattern(entry.siteUrl);
  return typeof pattern === 'string' ? undefined : pattern.host;
}

/** A host's registrable name: `api.github.com` → `github.com`, `www.bbc.co.uk` → `bbc.co.uk`. */
function registrableName(host: string): string {
  const labels = host.split('.');
  const country = (labels.at(-1)?.length ?? 0) === 2 && SECOND_LEVEL.has(labels.at(-2) ?? '');
  return labels.slice(country ? -3 : -2).join('.');
}

function insertBySpecificity(list: Route[], route: Route): void {
  const at = list.findIndex((r) => r.pattern.specificity < route.pattern.specificity);
  if (at < 0) list.push(route);
  else list.splice(at, 0, route);
}

/** Every served route, indexed by host; the username-in-host routes by the host suffix after it. */
export class SiteRegistry {
  readonly entries: SiteEntry[] = [];
  readonly skipped: Skipped[] = [];
  private readonly routes = new Map<string, Route>();
  /** Routes by id. */
  readonly routeList: Route[] = [];
  private readonly byHost = new Map<string, Route[]>();
  private readonly bySuffix = new Map<string, Route[]>();
  private readonly routeOf = new Map<SiteEntry, Route>();
  /** The sites routes belong to, by registrable name: a site knows its users whichever request asks. */
  private readonly siteByName = new Map<string, KnownSite>();
  private readonly siteOfRoute = new Map<Route, KnownSite>();

  add(entry: SiteEntry): void {
    const pattern = parseUrlPattern(entry.url);
    const method = methodClass(entry.method);
    let reason: string | undefined;
    if (typeof pattern === 'string') reason = pattern;
    else if (!method) reason = `method ${entry.method} is not supported`;
    else if (!pattern.hasUsername && !(entry.body && hasBodyUsername(entry.body))) {
      reason = 'no username placeholder in the URL or the body';
    }
    if (reason !== undefined || typeof pattern === 'string' || !method) {
      this.skipped.push({ format: entry.format, name: entry.name, reason: reason ?? '' });
      return;
    }
    const probe = new Route(this.routeList.length, method, pattern, entry);
    const key = `${method} ${pattern.key} ${probe.body?.key ?? ''}`;
    let route = this.routes.get(key);
    if (route) {
      route.add(entry);
    } else {
      route = probe;
      this.routes.set(key, route);
      this.routeList.push(route);
      const index = pattern.hostSuffix === undefined ? this.byHost : this.bySuffix;
      const indexKey = pattern.hostSuffix ?? pattern.host;
      const list = index.get(indexKey) ?? [];
      insertBySpecificity(list, route);
      index.set(indexKey, list);
    }
    this.entries.push(entry);
    this.routeOf.set(entry, route);
    this.claim(siteHost(entry) ?? pattern.host, route, entry);
  }

  /**
   * Registers the entry's claimed names on its route, and — as an account exists on a site whichever of its
   * pages or APIs is asked (`github.com/{}` and `api.github.com/users/{}`, or a mirror the catalogue asks
   * for the profile it names) — on every other route of the same site: the routes whose profile pages share
   * a registrable name, and those of any other site one of them also serves (one request is one site, as
   * the engine merges them). Issue 41 item 8: catalogues that describe one site by different requests, each
   * with its own claimed name, must all find each name.
   */
  private claim(host: string, route: Route, entry: SiteEntry): void {
    const key = registrableName(host);
    let site = this.siteByName.get(key) ?? { claimed: new Set<string>(), routes: new Set<Route>() };
    this.siteByName.set(key, site);
    const before = this.siteOfRoute.get(route);
    if (before && before !== site) site = this.merge(before, site);
    else if (!before) {
      site.routes.add(route);
      this.siteOfRoute.set(route, site);
      for (const username of site.claimed) route.register(username);
    }
    for (const username of entry.claimed) {
      route.register(username, entry);
      if (site.claimed.has(username)) continue;
      site.claimed.add(username);
      for (const other of site.routes) if (other !== route) other.register(username);
    }
  }

  /** One site of two: each route learns the other's names; every name and route that named either names it. */
  private merge(kept: KnownSite, gone: KnownSite): KnownSite {
    for (const route of kept.routes) for (const username of gone.claimed) route.register(username);
    for (const route of gone.routes) {
      for (const username of kept.claimed) route.register(username);
      kept.routes.add(route);
      this.siteOfRoute.set(route, kept);
    }
    for (const username of gone.claimed) kept.claimed.add(username);
    for (const [name, site] of this.siteByName) if (site === gone) this.siteByName.set(name, kept);
    return kept;
  }

  routeFor(entry: SiteEntry): Route | undefined {
    return this.routeOf.get(entry);
  }

  /** Routes that could serve `host` (a concrete lowercase host name). */
  candidates(host: string): Route[] {
    const found = this.byHost.get(host) ?? [];
    if (this.bySuffix.size === 0) return found;
    const out = [...found];
    for (let dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
      for (const route of this.bySuffix.get(host.slice(dot + 1)) ?? []) {
        if (route.pattern.hostRegex?.test(host)) out.push(route);
      }
    }
    return out;
  }

  /** Routes registered under `host`: a concrete host name or a host pattern from `sites()`. */
  routesAt(host: string): Route[] {
    const lower = host.toLowerCase();
    const exact = this.byHost.get(lower);
    if (exact) return exact;
    const patterned = [...this.bySuffix.values()].flat().filter((r) => r.pattern.host === lower);
    return patterned.length > 0 ? patterned : this.candidates(lower);
  }

  isServed(host: string): boolean {
    return this.candidates(this.servedHost(host)).length > 0;
  }

  /**
   * Real sites answer on both `www.example.com` and `example.com` while a catalogue names only one, so a
   * host with no routes of its own is served by its `www.` twin when that twin has routes.
   */
  private servedHost(host: string): string {
    if (this.candidates(host).length > 0) return host;
    const twin = host.startsWith('www.') ? host.slice(4) : `www.${host}`;
    return this.byHost.has(twin) ? twin : host;
  }

  hosts(): string[] {
    return [...this.byHost.keys(), ...[...this.bySuffix.values()].flat().map((r) => r.pattern.host)];
  }

  /** The route a request is for, with the username it carries; undefined when no route matches. */
  match(method: string, requestedHost: string, target: string, body: string): RouteMatch | undefined {
    const wanted = methodClass(method);
    const host = this.servedHost(requestedHost);
    for (const route of this.candidates(host)) {
      if (route.method !== wanted) continue;
      const fromUrl = matchUrl(route.pattern, host, target);
      if (!fromUrl) continue;
      const fromBody = route.body ? route.body.matches(body) : [];
      if (!fromBody) continue;
      const all = [...fromUrl, ...fromBody];
      const username = all[0];
      if (username !== undefined && all.every((u) => u === username || u.toLowerCase() === username)) {
        return { route, username };
      }
    }
    return undefined;
  }
}
