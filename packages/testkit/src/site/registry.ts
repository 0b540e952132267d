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
    for (const username of entry.claimed) route.register(username, entry);
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
