/**
 * Email search end to end: the shipped catalogue's checks against fake sites the testkit builds from the
 * same catalogue, through the real transport and the testkit's connector.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type EmailCheckEntry, type EmailSites, type Internet, serveEmailChecks, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError } from '../catalogue/errors.ts';
import { createEngine, type HoundEngine } from '../engine.ts';
import type { EmailResult } from '../model.ts';
import { tempDir } from '../search/test-helpers.ts';
import { EmailInputError } from './address.ts';
import { buildRequest } from './build-request.ts';
import { BUNDLED_EMAIL_CATALOGUE, parseEmailCatalogue } from './load-email-catalogue.ts';

const catalogue = JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')) as {
  checks: EmailCheckEntry[] & { loud?: boolean; needs?: string }[];
};
const REGISTERED = 'known.person@example.com';
const UNREGISTERED = 'nobody.here@example.com';

let internet: Internet;
let sites: EmailSites;
let engine: HoundEngine;

async function search(email: string, options: Parameters<HoundEngine['searchEmail']>[1] = {}) {
  const results = new Map<string, EmailResult>();
  let last = { done: 0, total: 0 };
  for await (const { result, progress } of engine.searchEmail(email, options)) {
    results.set(result.checkId, result);
    last = progress;
  }
  return { results, progress: last };
}

beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  sites = serveEmailChecks(internet, catalogue.checks);
  sites.register(REGISTERED);
  engine = await createEngine({
    checks: [],
    connect: internet.connect,
    allowPrivateAddresses: true,
    // Each check's whole budget (prefetch included, and its wait behind the per-host limit: several checks
    // share a host), on a loaded machine running 200+ checks at once.
    timeoutMs: 20_000,
    retries: 0,
  });
});
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});

describe('email search on the shipped catalogue', () => {
  it('ships at least 200 checks, all valid, and the testkit can fake every one', () => {
    expect(engine.emailChecks.length).toBeGreaterThanOrEqual(200);
    expect(sites.skipped).toEqual([]);
    const methods = new Set(engine.emailChecks.map((c) => c.method));
    expect([...methods].sort()).toEqual(['api', 'login', 'profile', 'recovery', 'register']);
  });

  it('finds a registered address on every quiet check and reports progress', async () => {
    const { results, progress } = await search(` ${REGISTERED.toUpperCase()} `, {
      adult: true,
      keys: { HIBP_API_KEY: 'test-key' },
    });
    expect(progress).toEqual({ done: engine.emailChecks.length, total: engine.emailChecks.length });
    for (const check of engine.emailChecks) {
      const result = results.get(check.id)!;
      if (check.loud) expect([check.id, result.verdict, result.reason]).toEqual([check.id, 'invalid', 'disabled']);
      else expect([check.id, result.verdict, result.evidence.rule]).toEqual([check.id, 'found', expect.any(String)]);
    }
  });

  it('says not found for an unregistered address on every quiet check', async () => {
    const { results } = await search(UNREGISTERED, { adult: true, keys: { HIBP_API_KEY: 'test-key' } });
    for (const check of engine.emailChecks.filter((c) => !c.loud))
      expect([check.id, results.get(check.id)!.verdict]).toEqual([check.id, 'not_found']);
  });

  it('covers every signal kind and request shape', () => {
    const checks = engine.emailChecks;
    const signals = checks.flatMap((c) => [...c.found, ...c.notFound]);
    expect(signals.some((s) => 'status' in s)).toBe(true);
    expect(signals.some((s) => 'bodyContains' in s)).toBe(true);
    expect(signals.some((s) => 'bodyEquals' in s)).toBe(true);
    expect(signals.some((s) => 'jsonPath' in s && s.equals !== undefined)).toBe(true);
    expect(signals.some((s) => 'jsonPath' in s && s.exists !== undefined)).toBe(true);
    expect(checks.some((c) => c.prefetch && 'regex' in c.prefetch.token)).toBe(true);
    expect(checks.some((c) => c.prefetch && 'cookie' in c.prefetch.token)).toBe(true);
    expect(checks.some((c) => c.prefetch?.token2)).toBe(true);
    const headerNames = checks.flatMap((c) => c.requests.flatMap((r) => Object.keys(r.headers)));
    expect(headerNames.some((name) => /[._]/.test(name))).toBe(true);
    const bodies = checks.flatMap((c) => c.requests.map((r) => r.body)).filter(Boolean);
    expect(bodies.some((b) => b && 'form' in b)).toBe(true);
    expect(bodies.some((b) => b && 'json' in b)).toBe(true);
    expect(checks.some((c) => c.requests.some((r) => r.url.includes('{email_sha256}')))).toBe(true);
  });

  it('keeps loud checks off unless enabled, and refuses a keyed check without its key', async () => {
    const { results } = await search(REGISTERED);
    const hibp = results.get('hibp')!;
    expect(hibp).toMatchObject({ verdict: 'invalid', reason: 'missing_key' });
    expect(hibp.evidence.rule).toContain('HIBP_API_KEY');
    const loud = engine.emailChecks.filter((c) => c.loud).map((c) => c.id);
    expect(loud.length).toBeGreaterThan(0);
    const before = internet.log.count();
    const enabled = await search(REGISTERED, { loud: true, checks: loud });
    expect([...enabled.results.values()].every((r) => r.verdict === 'found')).toBe(true);
    expect(internet.log.count()).toBeGreaterThan(before);
  });

  it('leaves adult sites out unless the search asks for them', async () => {
    const adult = engine.emailChecks.filter((c) => c.adult).map((c) => c.id);
    expect(adult.length).toBeGreaterThan(0);
    expect(engine.emailChecks.filter((c) => c.category === 'adult' && !c.adult)).toEqual([]);
    const plain = await search(REGISTERED);
    expect(adult.filter((id) => plain.results.has(id))).toEqual([]);
    expect(plain.progress.total).toBe(engine.emailChecks.length - adult.length);
    expect(engine.countEmailChecks()).toBe(engine.emailChecks.length - adult.length);
    expect(engine.countEmailChecks({ adult: true })).toBe(engine.emailChecks.length);
    const asked = await search(REGISTERED, { adult: true, loud: true, keys: { HIBP_API_KEY: 'k' } });
    expect(adult.map((id) => asked.results.get(id)?.verdict)).toEqual(adult.map(() => 'found'));
  });

  it('keeps what a found answer carries: breach records, details and usernames', async () => {
    const { results } = await search(REGISTERED, {
      checks: ['hibp', 'gravatar', 'duolingo'],
      keys: { HIBP_API_KEY: 'k' },
    });
    // The checks' own example answers, served by the testkit.
    expect(results.get('hibp')!.records).toEqual([
      { type: 'Hacked Email Address', data: 'Adobe · 2013-10-04 · Email addresses, Passwords' },
    ]);
    expect(results.get('gravatar')!.details).toMatchObject({ 'Display name': 'Alex Example', Location: 'Lisbon' });
    expect(results.get('gravatar')!.url).toMatch(/^https:\/\/gravatar\.com\/[0-9a-f]{64}$/);
    expect(results.get('duolingo')!.usernames).toEqual(['alexexample']);
  });

  it('turns every fault into unknown with the right reason', async () => {
    const host = 'api.x.com';
    const cases: Array<[Parameters<Internet['fault']>[1], string]> = [
      [{ kind: 'waf', vendor: 'cloudflare' }, 'blocked'],
      [{ kind: 'rate_limit', retryAfterS: 60 }, 'rate_limited'],
      [{ kind: 'status', status: 503 }, 'http_error'],
      [{ kind: 'reset' }, 'network'],
      [{ kind: 'unknown_host' }, 'dns'],
      [{ kind: 'hang' }, 'timeout'],
    ];
    for (const [fault, reason] of cases) {
      internet.fault(host, fault);
      const { results } = await search(REGISTERED, { checks: ['x'], timeoutMs: 1500 });
      expect([fault?.kind, results.get('x')!.verdict, results.get('x')!.reason]).toEqual([
        fault?.kind,
        'unknown',
        reason,
      ]);
    }
    internet.fault(host, null);
  });

  it('needs the prefetch token: a probe without it is refused, the engine sends it', async () => {
    const res = await internet.dispatcher.request({
      origin: 'https://github.com',
      path: '/email_validity_checks',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `value=${encodeURIComponent(REGISTERED)}`,
    });
    expect(res.statusCode).toBe(403);
    await res.body.text();
    const { results } = await search(REGISTERED, { checks: ['github'] });
    expect(results.get('github')!.verdict).toBe('found');
  });

  it('needs both tokens of a two-token prefetch: a probe missing one is refused, the engine sends both', async () => {
    const two = engine.emailChecks.filter((c) => c.prefetch?.token2);
    expect(two.length).toBeGreaterThan(0);
    for (const check of two) {
      // The check's own request (its fixed values included), with stale tokens.
      const request = buildRequest(check.requests[0]!, {
        email: REGISTERED,
        local: REGISTERED.split('@')[0]!,
        domain: 'example.com',
        token: 'stale-token',
        token2: 'stale-token2',
      });
      const url = new URL(request.url);
      const res = await internet.dispatcher.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      expect([check.id, res.statusCode]).toEqual([check.id, 403]);
      await res.body.text();
    }
    const { results } = await search(REGISTERED, { loud: true, checks: two.map((c) => c.id) });
    expect(two.map((c) => [c.id, results.get(c.id)?.verdict])).toEqual(two.map((c) => [c.id, 'found']));
  });

  it('is unknown when the page lacks the second token, and sends both (by any header name) when it has them', async () => {
    let withSecond = false;
    let seen: Record<string, unknown> = {};
    internet.route('two-tokens.test', '/signup', () => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: `<form><input name="csrf" value="A1b2">${withSecond ? '<input name="form" value="F9z8">' : ''}</form>`,
    }));
    internet.route('two-tokens.test', '/check', (request) => {
      seen = request.headers;
      const body = request.body.toString('utf8');
      const both = body.includes('A1b2') && request.headers['x_form.token'] === 'F9z8';
      const taken = body.includes(encodeURIComponent(REGISTERED));
      return both
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: `{"taken":${taken}}` }
        : { status: 403, headers: { 'content-type': 'text/plain' }, body: 'missing token' };
    });
    const dir = await tempDir();
    const file = path.join(dir, 'two-tokens.json');
    await writeFile(
      file,
      JSON.stringify({
        format: 'hound-email',
        version: 1,
        checks: [
          {
            id: 'two-tokens',
            name: 'Two tokens',
            domain: 'two-tokens.test',
            category: 'test',
            method: 'register',
            prefetch: {
              url: 'https://two-tokens.test/signup',
              token: { regex: 'name="csrf" value="([^"]+)"' },
              token2: { regex: 'name="form" value="([^"]+)"' },
            },
            requests: [
              {
                method: 'POST',
                url: 'https://two-tokens.test/check',
                headers: { 'x_form.token': '{token2}' },
                body: { form: { csrf: '{token}', email: '{email}' } },
              },
            ],
            found: [{ jsonPath: 'taken', equals: true }],
            notFound: [{ jsonPath: 'taken', equals: false }],
          },
        ],
      }),
    );
    const own = await createEngine({
      checks: [],
      emailCatalogues: [file],
      connect: internet.connect,
      allowPrivateAddresses: true,
      retries: 0,
      dataDir: dir,
    });
    try {
      const run = async () => {
        for await (const { result } of own.searchEmail(REGISTERED)) return result;
        throw new Error('no result');
      };
      expect(await run()).toMatchObject({
        verdict: 'unknown',
        reason: 'unexpected_response',
        evidence: { rule: 'prefetch: the page carried no second token' },
      });
      withSecond = true;
      expect(await run()).toMatchObject({ verdict: 'found' });
      expect(seen['x_form.token']).toBe('F9z8');
    } finally {
      await own.close();
    }
  });

  it('places the address encoded, so that it cannot change the host or path', async () => {
    // `/ ? # ..` never reach this far (see below); `+` and `@` still need encoding in a path.
    const tricky = 'a+b@example.com';
    internet.log.reset();
    await search(tricky, { checks: ['x', 'wordpress'] });
    const requests = internet.log.requests();
    expect(requests.map((r) => new URL(r.url).hostname).sort()).toEqual(['api.x.com', 'public-api.wordpress.com']);
    const wp = requests.find((r) => r.url.includes('wordpress'))!;
    expect(new URL(wp.url).pathname).toBe(`/rest/v1.1/users/${encodeURIComponent(tricky)}/auth-options`);
  });

  it('refuses input that is not one address', () => {
    for (const bad of ['', 'plain', 'a b@example.com', 'a@b', 'x@exa mple.com', 'a/../../admin?x=1#@example.com'])
      expect(() => engine.searchEmail(bad), bad).toThrow(EmailInputError);
  });
});

describe('email catalogue validation', () => {
  const base = {
    id: 'site',
    name: 'Site',
    domain: 'site.example',
    category: 'test',
    method: 'api',
    requests: [{ url: 'https://site.example/check?e={email}' }],
    found: [{ status: [200] }],
    notFound: [{ status: [404] }],
  };
  const load = (checks: unknown[]) => () =>
    parseEmailCatalogue({ format: 'hound-email', version: 1, checks }, 'test.json');

  it('accepts a minimal check, header names with dots and underscores, and a second prefetch token', () => {
    expect(load([base])()).toHaveLength(1);
    const [check] = load([
      {
        ...base,
        prefetch: { url: 'https://site.example/', token: { cookie: 'csrf' }, token2: { regex: 'id="(\\w+)"' } },
        requests: [{ url: 'https://site.example/?t={token2}', headers: { 'x-app.version': '1', X_Csrf: '{token}' } }],
      },
    ])();
    expect(check!.prefetch!.token2).toEqual({ regex: 'id="(\\w+)"' });
    expect(check!.adult).toBe(false);
  });

  it('names the problem: placeholder in a host, unknown placeholder, token without prefetch, duplicate id, bad signal', () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...base, requests: [{ url: 'https://{local}.site.example/' }] }, /placeholder in its host/],
      [{ ...base, requests: [{ url: 'https://site.example/{password}' }] }, /unknown placeholder \{password\}/],
      [{ ...base, requests: [{ url: 'https://site.example/?t={token}' }] }, /\{token\} without a prefetch/],
      [
        {
          ...base,
          prefetch: { url: 'https://site.example/', token: { cookie: 'a' } },
          requests: [{ url: 'https://site.example/?t={token2}' }],
        },
        /\{token2\} without a prefetch token2/,
      ],
      [{ ...base, requests: [{ url: 'https://site.example/', headers: { 'x bad': 'v' } }] }, /headers/],
      [{ ...base, requests: [{ url: 'https://site.example/?k={key}' }] }, /\{key\} without `needs`/],
      [{ ...base, found: [{ jsonPath: 'a' }] }, /exactly one of `equals` and `exists`/],
      [{ ...base, found: [] }, /found/],
    ];
    for (const [check, message] of cases) {
      expect(load([check])).toThrow(CatalogueError);
      expect(load([check])).toThrow(message);
    }
    expect(load([base, base])).toThrow(/duplicate check id "site"/);
  });
});
