import { isRedirect, type SideRule, type SiteEntry } from './entry.ts';
import { GLOBAL_EXCLUDES } from './fingerprints.ts';

/** A ready response for one side of a route; the username (if any) goes between `before` and `after`. */
export interface PageSpec {
  status: number;
  location?: string;
  /**
   * When clients that follow redirects and clients that do not share a route, the redirect carries what
   * the latter look for and points at this page, which carries what the former look for.
   */
  final?: PageSpec;
  /** Body with the username, split around it; absent when the username cannot be shown safely. */
  withUsername?: { before: string; after: string };
  /** Body without the username. */
  body: string;
  /** Strings that must stay out of the body (checked again once the username is in). */
  exclude: string[];
}

export interface ResponsePlan {
  exists: PageSpec;
  missing: PageSpec;
  /** Set when the entries' rules could not all hold; the plan then follows the first entry. */
  conflict?: string;
  /** With a conflict: whether the first entry's own rules hold. */
  firstHolds?: boolean;
}

type Side = 'exists' | 'missing';
type RedirectMode = 'allowed' | 'forbidden' | 'required';

/** Statuses tried after the entries' own preferences. */
const FALLBACK_STATUSES = [200, 404, 302, 410, 400, 301, 201, 202, 422, 406, 409, 307, 204];
const BODYLESS = new Set([204, 205, 304]);

const OPEN = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Hound testkit</title></head><body>\n';
const CLOSE = '\n</body></html>\n';

/** Where the username goes in a body template; cannot occur in catalogue strings (unlike `{username}`). */
const SLOT = '\u0000';

/** Candidate bodies, richest first: HTML, then bare text when the HTML skeleton itself is excluded. */
function bodyCandidates(includes: string[], username: boolean): string[] {
  const blocks = includes.map((s) => `<div>${s}</div>`).join('\n');
  const text = includes.join('\n');
  const html = (head: string) => `${OPEN}${head}${blocks}${CLOSE}`;
  if (username) return [html(`<h1>${SLOT}</h1>\n`), `${SLOT}\n${text}`];
  return [html(''), text === '' ? '-' : text];
}

const hits = (body: string, exclude: string[]) => exclude.some((s) => body.includes(s));

function redirectOk(status: number, mode: RedirectMode): boolean {
  if (mode === 'allowed') return true;
  return isRedirect(status) === (mode === 'required');
}

/** One page that satisfies every entry's rules for `side`, or the reason there is none. */
function planPage(entries: SiteEntry[], side: Side, redirects: RedirectMode): PageSpec | string {
  const rules: SideRule[] = entries.map((e) => e[side]);
  const exclude = [...new Set([...GLOBAL_EXCLUDES, ...rules.flatMap((r) => r.exclude)])];
  const includes: string[] = [];
  for (const [i, rule] of rules.entries()) {
    for (const group of rule.includeOneOf) {
      const chosen = group.find((s) => !hits(s, exclude));
      if (chosen === undefined) return `${entries[i]?.name}: every "${side}" string contains one that must be absent`;
      if (!includes.includes(chosen)) includes.push(chosen);
    }
  }
  const candidates = [...new Set([...rules.flatMap((r) => r.status.prefer), ...FALLBACK_STATUSES])];
  const status = candidates.find(
    (s) =>
      redirectOk(s, redirects) && rules.every((r) => r.status.accepts(s)) && !(BODYLESS.has(s) && includes.length > 0),
  );
  if (status === undefined) {
    const wanted = rules.map((r, i) => `${entries[i]?.name}: ${r.status.describe}`).join('; ');
    return `no "${side}" status satisfies ${wanted}${redirects === 'forbidden' ? ' (redirects are followed)' : ''}`;
  }
  const spec: PageSpec = { status, body: '', exclude };
  if (isRedirect(status)) spec.location = rules.find((r) => r.location)?.location ?? '/';
  if (BODYLESS.has(status)) return spec;
  const plain = bodyCandidates(includes, false).find((b) => !hits(b, exclude));
  if (plain === undefined) return `every "${side}" body would contain a string that must be absent`;
  spec.body = plain;
  if (side === 'exists') {
    const templated = bodyCandidates(includes, true).find((b) => !hits(b.replace(SLOT, ''), exclude));
    if (templated) {
      const [before = '', after = ''] = templated.split(SLOT);
      spec.withUsername = { before, after };
    }
  }
  return spec;
}

function planSide(entries: SiteEntry[], side: Side): PageSpec | string {
  const following = entries.filter((e) => e.followsRedirects);
  const direct = entries.filter((e) => !e.followsRedirects);
  const together = planPage(entries, side, following.length > 0 ? 'forbidden' : 'allowed');
  if (typeof together !== 'string' || following.length === 0 || direct.length === 0) return together;
  const redirect = planPage(direct, side, 'required');
  const final = planPage(following, side, 'forbidden');
  if (typeof redirect === 'string' || typeof final === 'string') return together;
  return { ...redirect, final };
}

function tryPlan(entries: SiteEntry[]): ResponsePlan | string {
  const exists = planSide(entries, 'exists');
  if (typeof exists === 'string') return exists;
  const missing = planSide(entries, 'missing');
  if (typeof missing === 'string') return missing;
  return { exists, missing };
}

/** A best-effort page for an entry whose own rules contradict each other. */
function fallbackPage(rule: SideRule): PageSpec {
  const status = rule.status.prefer[0] ?? 200;
  const body = rule.includeOneOf.map((g) => g[0] ?? '').join('\n') || '-';
  return { status, body, exclude: [], ...(isRedirect(status) ? { location: rule.location ?? '/' } : {}) };
}

/** Combines the rules of every entry served at one route into one response plan. */
export function planRoute(entries: SiteEntry[]): ResponsePlan {
  const combined = tryPlan(entries);
  if (typeof combined !== 'string') return combined;
  const first = entries[0] as SiteEntry;
  const alone = entries.length > 1 ? tryPlan([first]) : combined;
  if (typeof alone !== 'string') return { ...alone, conflict: combined, firstHolds: true };
  return {
    exists: fallbackPage(first.exists),
    missing: fallbackPage(first.missing),
    conflict: combined,
    firstHolds: false,
  };
}
