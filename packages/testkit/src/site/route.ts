import { type BodyPattern, compileBody } from './body-pattern.ts';
import type { SiteEntry } from './entry.ts';
import { planRoute, type ResponsePlan } from './plan.ts';
import type { UrlPattern } from './url-pattern.ts';

/** Markup a planted profile adds to the site's generated profile page. */
export interface PlantedPage {
  /** Inserted before `</head>`. */
  head?: string;
  /** Inserted before `</body>`. */
  body?: string;
}

export type MethodClass = 'GET' | 'POST' | 'PUT';

/** HEAD is answered wherever GET is (Sherlock probes with HEAD what it would GET). */
export function methodClass(method: string): MethodClass | undefined {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') return 'GET';
  return m === 'POST' || m === 'PUT' ? m : undefined;
}

/**
 * One request shape (method, URL template, body template) and every catalogue entry that uses it.
 * Usernames registered here get the "exists" response.
 */
export class Route {
  readonly entries: SiteEntry[] = [];
  readonly registered = new Set<string>();
  /** Extra markup of planted profiles (`Internet.plant`), by username as registered. */
  readonly planted = new Map<string, PlantedPage>();
  readonly body: BodyPattern | undefined;
  private cachedPlan: ResponsePlan | undefined;
  private cachedHeaders: Record<string, string> | undefined;

  constructor(
    /** Index in the registry's route list. */
    readonly id: number,
    readonly method: MethodClass,
    readonly pattern: UrlPattern,
    entry: SiteEntry,
  ) {
    this.body = entry.body && compileBody(entry.body);
    this.entries.push(entry);
  }

  add(entry: SiteEntry): void {
    this.entries.push(entry);
    this.cachedPlan = undefined;
    this.cachedHeaders = undefined;
  }

  /** Computed on first use: startup stays proportional to parsing only. */
  get plan(): ResponsePlan {
    this.cachedPlan ??= planRoute(this.entries);
    return this.cachedPlan;
  }

  /** Headers every entry of this route sends with the same value. */
  get requiredHeaders(): Record<string, string> {
    if (!this.cachedHeaders) {
      const [first, ...rest] = this.entries;
      const common: Record<string, string> = { ...first?.headers };
      for (const [name, value] of Object.entries(common)) {
        if (rest.some((e) => e.headers[name] !== value)) delete common[name];
      }
      this.cachedHeaders = common;
    }
    return this.cachedHeaders;
  }

  /** Registers `username` as the catalogues' clients would send it; false when no entry accepts it. */
  register(username: string, onlyFor?: SiteEntry, page?: PlantedPage): boolean {
    const entries = onlyFor ? [onlyFor] : this.entries;
    const accepting = entries.filter((e) => !e.usernamePattern || e.usernamePattern.test(username));
    for (const entry of accepting) {
      const sent = entry.transformUsername ? entry.transformUsername(username) : username;
      const key = this.pattern.hostRegex ? sent.toLowerCase() : sent;
      this.registered.add(key);
      if (page) this.planted.set(key, page);
    }
    return accepting.length > 0;
  }

  /** `username` no longer exists here, however it was registered (catalogue or `register`); false if it did not. */
  unregister(username: string): boolean {
    let removed = false;
    for (const entry of this.entries) {
      const sent = entry.transformUsername ? entry.transformUsername(username) : username;
      const key = this.pattern.hostRegex ? sent.toLowerCase() : sent;
      removed = this.registered.delete(key) || removed;
      this.planted.delete(key);
    }
    return removed;
  }
}
