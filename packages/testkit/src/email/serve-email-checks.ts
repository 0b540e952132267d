/**
 * Fake sites for Hound's email-check catalogue (format `hound-email`), read here independently of the
 * engine: every check's prefetch page hands out its token or two (by regex-shaped markup, JSON or cookie), and every
 * probe answers with the check's registered example answer (or, without one, an answer built from its found
 * signals) for a registered address and its unregistered one for any other — only when the token comes back. Faults set on a host apply as for any other fake site.
 *
 * Several checks (and prefetch calls) may share one host and path, as they do on the real sites (Deezer's
 * gateway takes its token call and its probe at one address, told apart by the query): each request goes to
 * the check whose method and fixed query, form and JSON values it carries (the most specific one). Checks
 * that send the very same request get the same answer, as from the real site: the first such check's.
 */
import { createHash } from 'node:crypto';
import { safeDecode } from '../site/placeholder.ts';
import type { Internet, RouteRequest, RouteResponse } from '../types.ts';
import { siteIconPng } from './site-icon.ts';

type Signal =
  | { status: number[] }
  | { bodyContains: string; raw?: true }
  | { bodyLacks: string; raw?: true }
  | { bodyEquals: string }
  | { locationContains: string }
  | { jsonPath: string; equals?: unknown; exists?: boolean };

type Body = { form: Record<string, string> } | { json: Record<string, unknown> } | { raw: string; contentType: string };

interface RequestTemplate {
  method?: string;
  url: string;
  body?: Body;
}

/** The parts of a catalogue check the fake needs. */
type TokenSource = { regex: string } | { jsonPath: string } | { cookie: string };

export interface EmailCheckEntry {
  id: string;
  /** `token2`: a second value the same page hands out (both must come back); a POST call when it has a method and body. */
  prefetch?: RequestTemplate & { token: TokenSource; token2?: TokenSource };
  requests: RequestTemplate[];
  found: Signal[];
  notFound: Signal[];
  details?: Array<{ label: string; jsonPath: string }>;
  records?: { jsonPath: string; fields: string[] };
  usernames?: string[];
  /** The site's own host: its icon is served at `/favicon.ico` (decision 107). */
  domain?: string;
  /** The site's own answers (the catalogue's `answers`): served as they are, instead of answers built from the signals. */
  answers?: { registered?: ExampleAnswer[]; unregistered?: ExampleAnswer[] };
}

interface ExampleAnswer {
  status: number;
  contentType?: string;
  body: string;
  /** A redirect's target (its `Location`). */
  location?: string;
}

function exampleResponse(answer: ExampleAnswer | undefined): RouteResponse | null {
  if (!answer) return null;
  return {
    status: answer.status,
    headers: {
      'content-type': answer.contentType ?? 'application/json; charset=utf-8',
      ...(answer.location ? { location: answer.location } : {}),
    },
    body: answer.body,
  };
}

const PLACEHOLDER = /\{[a-z0-9_]+\}/;

/**
 * What each placeholder's value looks like in a request: an address has an `@`, its hashes are hex of a
 * fixed length. So a username check at the same address (`?username=blue` beside `?email={email}`, or even
 * `?q=blue` beside `?q={email}`) is not taken for an email check's request.
 */
const VALUE_SHAPES: Record<string, string> = {
  email: '[^@\\s]+@[^@\\s]+',
  email_sha256: '[0-9a-fA-F]{64}',
  email_md5: '[0-9a-fA-F]{32}',
  local: '[^@\\s]+',
  domain: '[^@\\s]+',
};

/** A template's text as a pattern: literal parts as they are, each placeholder by the shape of its values. */
function shapeOf(template: string): RegExp {
  const parts = template.split(/(\{[a-z0-9_]+\})/);
  const source = parts
    .map((part, i) =>
      i % 2 === 1 ? `(?:${VALUE_SHAPES[part.slice(1, -1)] ?? '[^]*'})` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * A value a request carries: a query parameter, a form field or a top-level JSON field. A fixed one (no
 * placeholder) tells one template's requests from another's at the same address; every one, fixed or not,
 * must be there, in its shape, for a request to be this template's. `shape` is null for a JSON object or
 * array holding a placeholder: there the field's presence is its shape.
 */
type Marker = { where: 'query' | 'form' | 'json'; key: string; value: string; fixed: boolean; shape: RegExp | null };

function marker(where: Marker['where'], key: string, value: unknown): Marker {
  // A string is compared as text; any other JSON value as its JSON text.
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const fixed = !PLACEHOLDER.test(text);
  return { where, key, value: text, fixed, shape: fixed || typeof value === 'string' ? shapeOf(text) : null };
}

/** A value that holds a prefetch's token: its absence is the probe's to refuse (403), as a site's CSRF check does. */
const TOKEN = /\{token2?\}/;

/**
 * Every value a template's requests carry, fixed or placeholder, but a token's: the request's shape beside
 * its method and path.
 */
function markersOf(template: RequestTemplate): Marker[] {
  const out: Marker[] = [];
  const add = (where: Marker['where'], key: string, value: unknown) => {
    if (!TOKEN.test(typeof value === 'string' ? value : JSON.stringify(value))) out.push(marker(where, key, value));
  };
  for (const [key, value] of new URL(template.url).searchParams) if (!PLACEHOLDER.test(key)) add('query', key, value);
  const body = template.body;
  if (body && 'form' in body) for (const [key, value] of Object.entries(body.form)) add('form', key, value);
  if (body && 'json' in body) for (const [key, value] of Object.entries(body.json)) add('json', key, value);
  return out;
}

/** The request path's shape: the template's decoded path, its placeholders by their values' shapes. */
function pathShape(url: URL): RegExp {
  return shapeOf(decodeURIComponent(url.pathname));
}

/** The request's query, form fields and top-level JSON fields, as markers compare them. */
function requestValues(request: RouteRequest): { query: URLSearchParams; form: URLSearchParams; json: unknown } {
  const query = new URL(request.url, 'http://x').searchParams;
  const text = request.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { query, form: new URLSearchParams(json === undefined ? text : ''), json };
}

function carries(values: ReturnType<typeof requestValues>, m: Marker): boolean {
  const fits = (value: string) => (m.fixed ? value === m.value : (m.shape?.test(value) ?? true));
  if (m.where === 'query') return values.query.getAll(m.key).some(fits);
  if (m.where === 'form') return values.form.getAll(m.key).some(fits);
  const json = values.json;
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const value = (json as Record<string, unknown>)[m.key];
  return value !== undefined && fits(typeof value === 'string' ? value : JSON.stringify(value));
}

/** One check's (or prefetch's) way of answering at an address. */
interface Endpoint {
  method: string;
  /** The request path's shape (its placeholders by their values' shapes). */
  path: RegExp;
  markers: Marker[];
  /** Whether the request names an address registered for this endpoint's check (a probe's only). */
  knows?: (mentioned: (email: string) => boolean) => boolean;
  respond: (request: RouteRequest, known: boolean) => RouteResponse;
}

export interface EmailSites {
  /** Checks served, by id. */
  served: string[];
  /** Checks that could not be served, with the reason. */
  skipped: Array<{ id: string; reason: string }>;
  /** The address now has an account on every served check (or only on `checkIds`). */
  register(email: string, checkIds?: string[]): void;
  /**
   * A probe that names this address gets `pick(checkId)` instead of the check's own answer (when it gives
   * one; null: the check's own): a hostile answer about that address only, while any other address (a
   * never-registered control) still gets the site's own. `pick` null stops it.
   */
  answerWith(email: string, pick: ((checkId: string) => RouteResponse | null) | null): void;
}

const hex = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

/** The forms an address can take in a request (placed as itself or hashed). */
function forms(email: string): string[] {
  return [email, hex('sha256', email), hex('md5', email)];
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let node: Record<string, unknown> = target;
  for (const [i, step] of steps.entries()) {
    if (i === steps.length - 1) node[step] = value;
    else {
      const nextIsIndex = /^\d+$/.test(steps[i + 1]!);
      node[step] ??= nextIsIndex ? [] : {};
      node = node[step] as Record<string, unknown>;
    }
  }
}

/** A page on which the regex finds `token` in its first group, or null when the regex is too clever. */
function pageForRegex(regex: string, token: string): string | null {
  const open = regex.indexOf('(');
  const close = regex.indexOf(')', open);
  if (open < 0 || close < 0) return null;
  // `\s*` matches nothing and `\s+` one space; other escapes stand for themselves.
  const literal = (text: string) => text.replace(/\\s\+/g, ' ').replace(/\\s\*/g, '').replace(/\\(.)/g, '$1');
  const page = `<html><body><form>${literal(regex.slice(0, open))}${token}${literal(regex.slice(close + 1))}</form></body></html>`;
  return new RegExp(regex).exec(page)?.[1] === token ? page : null;
}

/**
 * The prefetch page handing out each token where its source reads it: markup for regexes, a JSON body for
 * JSON paths (not both in one page), a cookie each. Null when it cannot be faked.
 */
function prefetchResponse(sources: ReadonlyArray<readonly [TokenSource, string]>): RouteResponse | null {
  const cookies = sources.flatMap(([s, t]) => ('cookie' in s ? [`${s.cookie}=${t}; Path=/; HttpOnly`] : []));
  const regexes = sources.flatMap(([s, t]) => ('regex' in s ? [[s.regex, t] as const] : []));
  const paths = sources.flatMap(([s, t]) => ('jsonPath' in s ? [[s.jsonPath, t] as const] : []));
  if (regexes.length > 0 && paths.length > 0) return null;
  let body = '<html><body>sign up</body></html>';
  let type = 'text/html';
  if (regexes.length > 0) {
    const pages = regexes.map(([regex, t]) => pageForRegex(regex, t));
    if (pages.some((p) => p === null)) return null;
    body = pages.join('\n');
    // Each regex must still find its own token in the joined page.
    if (regexes.some(([regex, t]) => new RegExp(regex).exec(body)?.[1] !== t)) return null;
  } else if (paths.length > 0) {
    const data: Record<string, unknown> = {};
    for (const [path, t] of paths) setPath(data, path, t);
    body = JSON.stringify(data);
    type = 'application/json';
  }
  // Several Set-Cookie headers travel as one header joined by ", " (what the engine reads, like undici).
  return {
    status: 200,
    headers: { 'content-type': type, ...(cookies.length > 0 ? { 'set-cookie': cookies.join(', ') } : {}) },
    body,
  };
}

/** A response that satisfies every signal, with invented data where a found answer is read for details. */
function answer(signals: Signal[], check: EmailCheckEntry, found: boolean): RouteResponse | null {
  const status = signals.find((s): s is { status: number[] } => 'status' in s)?.status[0] ?? 200;
  const exact = signals.find((s): s is { bodyEquals: string } => 'bodyEquals' in s);
  if (exact) return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: exact.bodyEquals };
  const texts = signals.filter((s): s is { bodyContains: string } => 'bodyContains' in s).map((s) => s.bodyContains);
  const paths = signals.filter((s): s is { jsonPath: string; equals?: unknown; exists?: boolean } => 'jsonPath' in s);
  const wantsJson =
    paths.length > 0 || (found && Boolean(check.records || check.details?.length || check.usernames?.length));
  let body: string;
  if (wantsJson) {
    if (texts.some((t) => /["\\]/.test(t))) return null;
    if (found && check.records?.jsonPath === '') {
      body = JSON.stringify(
        ['Fakebreach', 'Examplesite'].map((name) =>
          Object.fromEntries(check.records!.fields.map((f) => [f, f === 'Name' ? name : `${f} of ${name}`])),
        ),
      );
    } else {
      const data: Record<string, unknown> = {};
      for (const p of paths) {
        if (p.exists === false) continue;
        const value = p.exists ? `value-of-${p.jsonPath}` : p.equals;
        if (p.jsonPath === '') return null;
        setPath(data, p.jsonPath, value);
      }
      if (found) {
        for (const d of check.details ?? []) if (d.jsonPath) setPath(data, d.jsonPath, `Test ${d.label}`);
        for (const u of check.usernames ?? []) setPath(data, u, 'test_user');
        if (check.records?.jsonPath)
          setPath(data, check.records.jsonPath, [Object.fromEntries(check.records.fields.map((f) => [f, `${f} 1`]))]);
      }
      if (texts.length > 0) data.message = texts.join(' ');
      body = JSON.stringify(data);
    }
  } else {
    body = texts.length > 0 ? texts.join('\n') : found ? 'account' : 'nothing';
  }
  for (const s of signals) if ('bodyLacks' in s && body.includes(s.bodyLacks)) return null;
  return {
    status,
    headers: { 'content-type': wantsJson ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8' },
    body,
  };
}

/** Everything of a request the address could be in: path, query and body, decoded. */
function requestText(request: RouteRequest): string {
  let text: string;
  try {
    text = decodeURIComponent(request.url);
  } catch {
    text = request.url;
  }
  const body = request.body.toString('utf8');
  try {
    text += `\n${decodeURIComponent(body.replace(/\+/g, ' '))}`;
  } catch {
    text += `\n${body}`;
  }
  return text;
}

export function serveEmailChecks(internet: Internet, checks: readonly EmailCheckEntry[]): EmailSites {
  const everywhere = new Set<string>();
  const perCheck = new Map<string, Set<string>>();
  const served: string[] = [];
  const skipped: EmailSites['skipped'] = [];
  const endpoints = new Map<string, Endpoint[]>();
  const hostile = new Map<string, (checkId: string) => RouteResponse | null>();

  /** Adds an endpoint at host + route; the first at an address installs the dispatcher. */
  const serve = (host: string, route: string, endpoint: Endpoint) => {
    const key = `${host} ${route}`;
    const list = endpoints.get(key);
    if (list) {
      list.push(endpoint);
      return;
    }
    const at = [endpoint];
    endpoints.set(key, at);
    internet.route(host, route, (request) => dispatch(at, request));
  };

  for (const check of checks) {
    const foundAnswer = exampleResponse(check.answers?.registered?.[0]) ?? answer(check.found, check, true);
    const missingAnswer = exampleResponse(check.answers?.unregistered?.[0]) ?? answer(check.notFound, check, false);
    if (!foundAnswer || !missingAnswer) {
      skipped.push({ id: check.id, reason: 'its signals cannot all be met by one fake answer' });
      continue;
    }
    let tokens: string[] = [];
    let prefetchEndpoint: [string, string, Endpoint] | undefined;
    if (check.prefetch) {
      const sources = [check.prefetch.token, ...(check.prefetch.token2 ? [check.prefetch.token2] : [])];
      // The same page or call hands out the same values to every check that asks it (Bitmoji's and
      // Snapchat's accounts page), so the tokens are the prefetch's, not the check's.
      const seed = JSON.stringify([check.prefetch.method ?? 'GET', check.prefetch.url, check.prefetch.body ?? null]);
      tokens = sources.map((source, i) => `tok${hex('sha256', `${seed} ${JSON.stringify(source)} ${i}`).slice(0, 12)}`);
      const page = prefetchResponse(sources.map((source, i) => [source, tokens[i]!] as const));
      if (!page) {
        skipped.push({ id: check.id, reason: 'the prefetch regex is too complex to fake' });
        continue;
      }
      const url = new URL(check.prefetch.url);
      prefetchEndpoint = [
        url.hostname,
        url.pathname,
        {
          method: check.prefetch.method ?? 'GET',
          path: pathShape(url),
          markers: markersOf(check.prefetch),
          respond: () => page,
        },
      ];
    }
    const registered = new Set<string>();
    perCheck.set(check.id, registered);
    const knows = (mentioned: (email: string) => boolean) => [...everywhere, ...registered].some(mentioned);
    const probe: Endpoint['respond'] = (request, known) => {
      const text = requestText(request);
      const carried = (t: string) => text.includes(t) || JSON.stringify(request.headers).includes(t);
      if (!tokens.every(carried))
        return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'missing or stale token' };
      for (const [email, pick] of hostile)
        if (forms(email).some((f) => text.includes(f))) {
          const instead = pick(check.id);
          if (instead) return instead;
        }
      return known ? foundAnswer : missingAnswer;
    };
    if (prefetchEndpoint) serve(...prefetchEndpoint);
    for (const template of check.requests) {
      const url = new URL(template.url);
      const path = decodeURIComponent(url.pathname);
      // A placeholder in the path: serve every path under its fixed beginning.
      const route = path.includes('{') ? `${path.slice(0, path.indexOf('{'))}*` : path;
      serve(url.hostname, route, {
        method: template.method ?? 'GET',
        path: pathShape(url),
        markers: markersOf(template),
        knows,
        respond: probe,
      });
    }
    if (check.domain) {
      const icon = siteIconPng(check.domain);
      internet.route(check.domain, '/favicon.ico', () => ({
        status: 200,
        headers: { 'content-type': 'image/png' },
        body: icon,
      }));
    }
    served.push(check.id);
  }
  return {
    served,
    skipped,
    register(email, checkIds) {
      const address = email.trim().toLowerCase();
      if (!checkIds) everywhere.add(address);
      else for (const id of checkIds) perCheck.get(id)?.add(address);
    },
    answerWith(email, pick) {
      const address = email.trim().toLowerCase();
      if (pick) hostile.set(address, pick);
      else hostile.delete(address);
    },
  };
}

/**
 * The endpoint a request is for: same method, path and values in each template's shape, the one with the
 * most fixed values first (ties: the first served). An address is known when any check sending that very
 * request registered it. Undefined for a request no email check sends: the host's username sites (or its
 * 404) answer it, as one real site answers both kinds (issue 41 item 8).
 */
function dispatch(at: readonly Endpoint[], request: RouteRequest): RouteResponse | undefined {
  const values = requestValues(request);
  const path = safeDecode(request.url.split('?')[0] ?? '');
  const fitting = at.filter(
    (e) => e.method === request.method && e.path.test(path) && e.markers.every((m) => carries(values, m)),
  );
  if (fitting.length === 0) return undefined;
  const fixedValues = (e: Endpoint) => e.markers.filter((m) => m.fixed).length;
  const best = Math.max(...fitting.map(fixedValues));
  const same = fitting.filter((e) => fixedValues(e) === best);
  const text = requestText(request);
  const mentioned = (email: string) => forms(email).some((f) => text.includes(f));
  const known = same.some((e) => e.knows?.(mentioned) ?? false);
  return same[0]!.respond(request, known);
}
