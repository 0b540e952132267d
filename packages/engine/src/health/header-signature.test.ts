import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Internet, type RouteRequest, type RouteResponse, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadHound } from '../catalogue/load-hound.ts';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { createEngine, type HoundEngine } from '../engine.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { collect, tempDir } from '../search/test-helpers.ts';
import { commonHeaders, headerMismatch, headerSignatureOf } from './header-signature.ts';

// docs/decisions/118-header-signature-for-bodyless-answers.md: a HEAD answer has no body to compare with
// the site's baseline, so its headers must be the site's own — the same server software, the site's and
// its vendors' header names, its cookies' names — before a rule may read it as found or not found.

const HOST = 'headsig.test';

/** Every per-request value the site sent (ray ids, cookie values): none may end up in the health file. */
const sentValues: string[] = [];
let served = 0;

/** The site's own stack: PHP behind a CDN, a session cookie; ids change with every answer. */
function ownHeaders(): Record<string, string> {
  const id = `${(++served).toString(16).padStart(6, '0')}c0ffee${served % 7}`;
  sentValues.push(`${id}-FRA`, `sess${id}`);
  return {
    'content-type': 'text/html; charset=UTF-8',
    server: 'cloudflare',
    'cf-ray': `${id}-FRA`,
    'cf-cache-status': 'DYNAMIC',
    'x-powered-by': 'PHP/8.3.14',
    'set-cookie': `PHPSESSID=sess${id}; path=/; expires=Thu, 26-Nov-2026 10:00:00 GMT; HttpOnly`,
  };
}

/**
 * How the site answers: honestly; with a hosting platform's 404 behind the same CDN (the platform's
 * router headers, not the application's); with a PaaS router's 404; with a 200 page behind the same CDN
 * that shows the name but is not the site's; or honestly from a new stack (the site moved).
 */
let mode: 'honest' | 'cdn404' | 'paas404' | 'cdn200' | 'moved' = 'honest';

function site(req: RouteRequest): RouteResponse {
  const name = decodeURIComponent(req.url.split('?')[0]?.split('/').pop() ?? '');
  const kind = req.url.split('/')[1];
  const body = (title: string, text: string) =>
    req.method === 'HEAD' ? '' : `<html><head><title>${title}</title></head><body>${text}</body></html>`;
  if (mode === 'cdn404') {
    return {
      status: 404,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        server: 'cloudflare',
        'cf-ray': `${(++served).toString(16)}beef-FRA`,
        'cf-cache-status': 'DYNAMIC',
        'x-render-routing': 'no-server',
      },
      body: body('Not Found', 'There is no service at this address right now.'),
    };
  }
  if (mode === 'paas404') {
    return {
      status: 404,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        server: 'Cowboy',
        via: '1.1 vegur',
        'cache-control': 'no-cache, no-store',
      },
      body: body('No such app', 'No such app'),
    };
  }
  if (mode === 'cdn200') {
    return {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', server: 'cloudflare', 'cf-ray': '0000beef-FRA' },
      body: body(`${name} – archived copy`, `<div class="card">${name}'s profile</div>`),
    };
  }
  const headers =
    mode === 'moved'
      ? {
          'content-type': 'text/html; charset=utf-8',
          server: 'nginx/1.26.2',
          'x-request-id': `${++served}`,
          'set-cookie': `_headsig_session=${served}; path=/`,
        }
      : ownHeaders();
  if (name === 'alice' || name === 'bob') {
    return { status: 200, headers, body: body(name, `<div class="card">${name}'s profile</div>`) };
  }
  if (kind === 'r') return { status: 302, headers: { ...headers, location: '/?missing=1' } };
  return { status: 404, headers, body: body('Nothing here', `No such user ${name}`) };
}

/**
 * The rule kinds that send HEAD: Sherlock status_code (its default) and response_url with a HEAD
 * request_method, Maigret status_code with requestHeadOnly, a Hound entry with method HEAD. WhatsMyName
 * always GETs; Maigret's body-reading kinds need a GET.
 */
const checks: SiteCheck[] = [
  ...loadSherlock({
    'H status': {
      errorType: 'status_code',
      url: `https://${HOST}/s/{}`,
      urlMain: `https://${HOST}/`,
      username_claimed: 'alice',
    },
    'H redirect': {
      errorType: 'response_url',
      request_method: 'HEAD',
      url: `https://${HOST}/r/{}`,
      urlMain: `https://${HOST}/`,
      username_claimed: 'alice',
    },
  }),
  ...loadMaigret({
    sites: {
      'H maigret status': {
        checkType: 'status_code',
        requestHeadOnly: true,
        url: `https://${HOST}/c/{username}`,
        urlMain: `https://${HOST}`,
        usernameClaimed: 'alice',
      },
    },
  }),
  ...loadHound({
    format: 'hound',
    version: 1,
    sites: [
      {
        name: 'H hound',
        profileUrl: `https://${HOST}/h/{username}`,
        request: { method: 'HEAD' },
        knownClaimed: ['alice', 'bob'],
        found: { status: [200] },
        notFound: { status: [404] },
      },
    ],
  }),
];
const NAMES = checks.map((c) => c.name);
/** Checks whose missing users get a 404 (the redirect kind's get a 302, which a platform's 404 never matches). */
const STATUS_404 = NAMES.filter((n) => n !== 'H redirect');

let internet: Internet;
let engine: HoundEngine;
let dataDir: string;
beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  internet.route(HOST, '/*', site);
  dataDir = await tempDir();
  engine = await createEngine({
    checks,
    connect: internet.connect,
    allowPrivateAddresses: true,
    dataDir,
    timeoutMs: 3_000,
  });
}, 30_000);
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});
beforeEach(() => {
  mode = 'honest';
});

const answer = (headers: Record<string, string>): CheckResponse => ({
  status: 404,
  headers,
  body: '',
  finalUrl: `https://${HOST}/s/x`,
  redirects: 0,
  truncated: false,
  method: 'HEAD',
});

describe('header signature', () => {
  it('keeps the server family, the site-specific header names, cookie names and charset — never a value', () => {
    const signature = headerSignatureOf(answer(ownHeaders()));
    expect(signature).toEqual({
      server: 'cloudflare',
      names: ['cf-cache-status', 'cf-ray', 'x-powered-by'],
      cookies: ['PHPSESSID'],
      charset: 'utf-8',
    });
    // Another answer of the same site, with new ids, has the same signature.
    expect(headerSignatureOf(answer(ownHeaders()))).toEqual(signature);
    expect(headerSignatureOf(answer({ server: 'Apache/2.4.62 (Unix)' })).server).toBe('apache');
    expect(headerSignatureOf(answer({})).server).toBe('');
    // Several cookies in one joined value, an Expires date's comma, digit runs (per-site numbers) masked.
    const cookies = headerSignatureOf(
      answer({ 'set-cookie': 'a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT, incap_ses_1234_5678=x; path=/, b=2' }),
    ).cookies;
    expect(cookies).toEqual(['a', 'b', 'incap_ses_#_#']);
  });

  it('takes what two answers shared, and says what an answer lacks', () => {
    const one = headerSignatureOf(answer({ server: 'nginx', 'x-a': '1', 'x-b': '1' }));
    const two = headerSignatureOf(answer({ server: 'openresty', 'x-a': '2' }));
    expect(commonHeaders([one, two])).toEqual({ names: ['x-a'], cookies: [] });
    const own = headerSignatureOf(answer(ownHeaders()));
    expect(headerMismatch(own, answer(ownHeaders()))).toBeUndefined();
    expect(headerMismatch(own, answer({ ...ownHeaders(), 'x-cache': 'HIT' }))).toBeUndefined();
    expect(headerMismatch(own, answer({ server: 'Cowboy' }))).toBe('server "cowboy", the site\'s own is "cloudflare"');
    expect(headerMismatch(own, answer({}))).toBe('no server header, the site\'s own is "cloudflare"');
    const { 'x-powered-by': _x, ...withoutApp } = ownHeaders();
    expect(headerMismatch(own, answer(withoutApp))).toBe("no x-powered-by header, the site's own answer carries it");
    const { 'set-cookie': _c, ...withoutCookie } = ownHeaders();
    expect(headerMismatch(own, answer(withoutCookie))).toBe("no PHPSESSID cookie, the site's own answer sets it");
  });
});

describe('HEAD answers against the header signature, every rule kind', () => {
  it('a baseline without a header signature (stored before it) keeps deciding as before', async () => {
    await engine.selfTest();
    // The health file as a build before decision 118 wrote it: the same baselines, no `headers`.
    const stored = JSON.parse(await readFile(path.join(dataDir, 'health.json'), 'utf8'));
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([k]) => k !== 'headers')
                .map(([k, v]) => [k, strip(v)]),
            )
          : value;
    const oldDir = await tempDir();
    await writeFile(path.join(oldDir, 'health.json'), JSON.stringify(strip(stored)));
    const old = await createEngine({ checks, connect: internet.connect, allowPrivateAddresses: true, dataDir: oldDir });
    try {
      expect(
        old
          .health()
          .flatMap((h) => h.checks ?? [])
          .every((c) => c.baseline && !c.baseline.notFound?.headers),
      ).toBe(true);
      const honest = await collect(old, 'carol-nobody', { sites: NAMES });
      for (const r of honest) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('not_found');
      // The old baseline compares status, host and type alone, so it lets a platform's 404 through; the
      // known account's control kept from the honest search no longer vouches for it (a HEAD answer with
      // other headers is another kind of answer, decision 160): it is asked again and gets the same 404.
      mode = 'cdn404';
      const platform = await collect(old, 'carol-nobody', { sites: STATUS_404 });
      for (const r of platform) {
        expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('unknown');
        expect(r.reason, r.name).toBe('site_not_answering');
      }
    } finally {
      await old.close();
    }
  });

  it('the self-test stores the header signature of found and not-found answers, without per-request values', async () => {
    const text = await readFile(path.join(dataDir, 'health.json'), 'utf8');
    const stored = engine.health().flatMap((h) => h.checks ?? []);
    expect(stored).toHaveLength(NAMES.length);
    const own = { server: 'cloudflare', names: ['cf-cache-status', 'cf-ray', 'x-powered-by'], cookies: ['PHPSESSID'] };
    for (const check of stored) {
      expect(check.baseline?.notFound?.headers, check.name).toMatchObject(own);
      expect(check.baseline?.found?.headers, check.name).toMatchObject({ ...own, charset: 'utf-8' });
    }
    expect(sentValues.length).toBeGreaterThan(10);
    for (const value of sentValues) expect(text).not.toContain(value);
  });

  it("the site's own answers still decide", async () => {
    const found = await collect(engine, 'alice', { sites: NAMES });
    const missing = await collect(engine, 'carol-nobody', { sites: NAMES });
    for (const r of found) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('found');
    for (const r of missing) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('not_found');
  });

  it("a platform's 404 behind the site's own CDN is never not_found", async () => {
    mode = 'cdn404';
    // Same status, host and media type as the site's own not-found answer; only the headers tell.
    for (const username of ['alice', 'carol-nobody']) {
      const results = await collect(engine, username, { sites: STATUS_404 });
      expect(results).toHaveLength(STATUS_404.length);
      for (const r of results) {
        expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ verdict: 'unknown', reason: 'unfamiliar_answer' });
        expect(r.evidence.rule).toContain(
          "the answer does not look like this site's not-found page: no x-powered-by header, the site's own answer carries it",
        );
      }
    }
  });

  it("a PaaS router's 404 is never not_found", async () => {
    mode = 'paas404';
    const results = await collect(engine, 'carol-nobody', { sites: STATUS_404 });
    for (const r of results) {
      expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ verdict: 'unknown', reason: 'unfamiliar_answer' });
      expect(r.evidence.rule).toContain('server "cowboy", the site\'s own is "cloudflare"');
    }
  });

  it("a 200 page behind the same CDN that is not the site's is never found", async () => {
    mode = 'cdn200';
    // The page shows the username (no control probe) and the profiles share no title part or site name
    // with anything: the found baseline has only the headers to compare (the confirming GET's).
    const results = await collect(engine, 'alice', { sites: NAMES });
    for (const r of results) {
      expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ verdict: 'unknown', reason: 'unfamiliar_answer' });
      expect(r.evidence.rule).toContain(
        "the answer does not look like this site's profile: no cf-cache-status, x-powered-by headers",
      );
    }
  });

  it('a new self-test refreshes the header signature when the site moves to another stack', async () => {
    mode = 'moved';
    const stale = await collect(engine, 'carol-nobody', { sites: NAMES });
    for (const r of stale) expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ reason: 'unfamiliar_answer' });
    await engine.selfTest();
    const baseline = engine.health().flatMap((h) => h.checks ?? [])[0]?.baseline;
    expect(baseline?.notFound?.headers).toMatchObject({
      server: 'nginx',
      names: ['x-request-id'],
      cookies: ['_headsig_session'],
    });
    const fresh = await collect(engine, 'carol-nobody', { sites: NAMES });
    for (const r of fresh) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('not_found');
    const found = await collect(engine, 'alice', { sites: NAMES });
    for (const r of found) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('found');
  });
});
