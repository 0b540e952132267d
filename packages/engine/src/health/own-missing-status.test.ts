import { type Internet, type RouteRequest, type RouteResponse, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import { createEngine, type HoundEngine } from '../engine.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { sameSite } from '../rules/outcome.ts';
import { collect, tempDir } from '../search/test-helpers.ts';
import { baselineMismatch, isOwnMissingAnswer, isOwnTitle, signatureOf } from './baseline.ts';

// docs/decisions/105-baselines-for-400-and-their-cost.md (issue 30 item 4): a site whose missing users get
// a 400 (or 422) with its own error page is `not_found` once the self-test recorded that very answer for a
// never-registered name; any other 400 — and every 400 before the first self-test — stays `unknown`.

const HOST = 'own400.test';
const OTHER = 'generic400.test';
const HTML = { 'content-type': 'text/html; charset=utf-8' };

/** How the site answers a missing user: its own 400 page, or something else in its place. */
let mode: 'honest' | 'proxy400' | 'other400' | 'as422' | 'json400' = 'honest';

const profile = (name: string): RouteResponse => ({
  status: 200,
  headers: HTML,
  body: `<html><head><title>${name} · Own400</title></head><body><div class="card">${name}'s profile</div></body></html>`,
});

function own400(req: RouteRequest): RouteResponse {
  const name = decodeURIComponent(req.url.split('?')[0]?.split('/').pop() ?? '');
  if (name === 'alice' || name === 'bob') return profile(name);
  switch (mode) {
    case 'proxy400':
      return {
        status: 400,
        headers: HTML,
        body: '<html><head><title>400 Bad Request</title></head><body><center><h1>400 Bad Request</h1></center><hr><center>nginx</center></body></html>',
      };
    case 'other400':
      return {
        status: 400,
        headers: HTML,
        body: '<html><head><title>Anfrage ungültig – Plattform</title></head><body>Diese Anfrage konnte nicht verarbeitet werden.</body></html>',
      };
    case 'json400':
      return { status: 400, headers: { 'content-type': 'application/json' }, body: '{"error":"bad request"}' };
    default:
      return {
        status: mode === 'as422' ? 422 : 400,
        headers: HTML,
        body: `<html><head><title>${name} does not exist · Own400</title></head><body><p>Kullanıcı bulunamadı: ${name}</p></body></html>`,
      };
  }
}

/** A site whose missing users get the web server's bare default 400 page: nothing of its own. */
function generic400(req: RouteRequest): RouteResponse {
  const name = decodeURIComponent(req.url.split('?')[0]?.split('/').pop() ?? '');
  if (name === 'alice' || name === 'bob') return profile(name);
  return {
    status: 400,
    headers: HTML,
    body: '<html><head><title>400 Bad Request</title></head><body><h1>Bad Request</h1></body></html>',
  };
}

/** Every rule kind whose rules leave a 400 `http_error` (the ones this decision can turn into not_found). */
const checksOn = (host: string, tag: string): SiteCheck[] => [
  ...loadSherlock({
    [`${tag} sherlock status_code`]: {
      errorType: 'status_code',
      request_method: 'GET',
      url: `https://${host}/s/{}`,
      urlMain: `https://${host}/`,
      username_claimed: 'alice',
    },
    [`${tag} sherlock response_url`]: {
      errorType: 'response_url',
      url: `https://${host}/r/{}`,
      urlMain: `https://${host}/`,
      username_claimed: 'alice',
    },
  }),
  ...loadMaigret({
    sites: {
      [`${tag} maigret status_code`]: {
        checkType: 'status_code',
        url: `https://${host}/g/{username}`,
        urlMain: `https://${host}`,
        usernameClaimed: 'alice',
      },
      [`${tag} maigret response_url`]: {
        checkType: 'response_url',
        presenseStrs: ['class="card"'],
        url: `https://${host}/u/{username}`,
        urlMain: `https://${host}`,
        usernameClaimed: 'alice',
      },
    },
  }),
  ...loadWhatsMyName({
    sites: [
      {
        // The catalogue still says 404; the site has moved to 400 with its own page.
        name: `${tag} wmn`,
        uri_check: `https://${host}/w/{account}`,
        e_code: 200,
        e_string: 'profile',
        m_code: 404,
        m_string: '',
        known: ['alice', 'bob'],
        cat: 'x',
      },
    ],
  }),
];
const OWN = checksOn(HOST, 'O');
const GENERIC = checksOn(OTHER, 'G');
const OWN_NAMES = OWN.map((c) => c.name);
const GENERIC_NAMES = GENERIC.map((c) => c.name);

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  internet.route(HOST, '/*', own400);
  internet.route(OTHER, '/*', generic400);
  engine = await createEngine({
    checks: [...OWN, ...GENERIC],
    connect: internet.connect,
    allowPrivateAddresses: true,
    dataDir: await tempDir(),
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

describe("a site's own 400 for missing users", () => {
  it('before the first self-test a 400 stays unknown (the status gate), on every rule kind', async () => {
    const results = await collect(engine, 'carol-nobody', { sites: OWN_NAMES });
    expect(results).toHaveLength(OWN_NAMES.length);
    for (const r of results) {
      expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    }
  });

  it("the self-test records the site's own 400 as its not-found answer, never a server's default 400", async () => {
    const health = await engine.selfTest();
    const checks = health.flatMap((h) => h.checks ?? []);
    for (const name of OWN_NAMES) {
      const check = checks.find((c) => c.name === name);
      expect(check?.reliable, name).toBe(true);
      expect(check?.undecided ?? 0, name).toBe(0);
      expect(check?.baseline?.notFound, name).toMatchObject({
        status: 400,
        host: HOST,
        type: 'text/html',
        title: '{u} does not exist · Own400',
      });
    }
    for (const name of GENERIC_NAMES) {
      const check = checks.find((c) => c.name === name);
      expect(check?.baseline?.found, name).toBeDefined();
      expect(check?.baseline?.notFound, name).toBeUndefined();
      expect(check?.undecided, name).toBe(1);
    }
  });

  it("after it, the site's own 400 is not_found on every rule kind, with the baseline in the evidence", async () => {
    const results = await collect(engine, 'carol-nobody', { sites: OWN_NAMES });
    for (const r of results) {
      expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('not_found');
      expect(r.evidence.rule).toContain("is this site's own not-found answer (self-test baseline)");
    }
    const found = await collect(engine, 'alice', { sites: OWN_NAMES });
    for (const r of found) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('found');
  });

  it.each([
    ['proxy400', "a web server's default 400"],
    ['other400', 'a 400 with another title (a platform in place of the site)'],
    ['as422', 'a 422 where the site answers 400'],
    ['json400', 'a JSON 400 where the site answers HTML'],
  ] as const)('%s (%s) stays unknown on every rule kind', async (hostile, _what) => {
    mode = hostile;
    const results = await collect(engine, 'carol-nobody', { sites: OWN_NAMES });
    for (const r of results) {
      expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('unknown');
      expect(r.evidence.rule).not.toContain('self-test baseline');
    }
  });

  it("a site whose missing users get a server's default 400 stays unknown after the self-test", async () => {
    const results = await collect(engine, 'carol-nobody', { sites: GENERIC_NAMES });
    for (const r of results) {
      expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    }
  });
});

describe('own-missing answers, unit', () => {
  const res = (status: number, title: string, extra: Partial<CheckResponse> = {}): CheckResponse => ({
    status,
    body: `<html><head><title>${title}</title></head><body>x</body></html>`,
    headers: { 'content-type': 'text/html' },
    finalUrl: 'https://s.test/carol',
    redirects: 0,
    truncated: false,
    method: 'GET',
    ...extra,
  });

  it("a server's status line is no site's own title", () => {
    for (const generic of ['400 Bad Request', 'Bad Request', 'Error 400', 'HTTP Status 400 – Bad Request', '422']) {
      expect(isOwnTitle(generic), generic).toBe(false);
    }
    expect(isOwnTitle(undefined)).toBe(false);
    expect(isOwnTitle('{u}')).toBe(false);
    for (const own of [
      '{u} does not exist · Own400',
      'Kullanıcı bulunamadı',
      'Invalid user – Forum',
      'ユーザーが見つかりません',
    ]) {
      expect(isOwnTitle(own), own).toBe(true);
    }
  });

  it('only a GET 400/422 the rules left http_error can be one', () => {
    const page = res(400, 'carol does not exist · S');
    expect(isOwnMissingAnswer(page, 'http_error', 'carol')).toBe(true);
    expect(isOwnMissingAnswer(res(422, 'carol does not exist · S'), 'http_error', 'carol')).toBe(true);
    expect(isOwnMissingAnswer(page, 'rate_limited', 'carol')).toBe(false);
    expect(isOwnMissingAnswer(page, 'blocked', 'carol')).toBe(false);
    expect(isOwnMissingAnswer(res(400, 'carol does not exist · S', { method: 'HEAD' }), 'http_error', 'carol')).toBe(
      false,
    );
    expect(isOwnMissingAnswer(res(500, 'carol does not exist · S'), 'http_error', 'carol')).toBe(false);
    expect(isOwnMissingAnswer(res(409, 'carol does not exist · S'), 'http_error', 'carol')).toBe(false);
  });

  it("og:site_name is read in either attribute order and a profile without it is not the site's", () => {
    const page = (head: string) => res(200, 'x', { body: `<html><head>${head}</head><body>x</body></html>` });
    expect(signatureOf(page(`<meta content='Ağ' property="og:site_name">`), 'carol').siteName).toBe('Ağ');
    expect(signatureOf(page('<meta name="og:site_name" content="Ağ">'), 'carol').siteName).toBe('Ağ');
    const expected = signatureOf(page('<meta property="og:site_name" content="Own">'), 'carol');
    expect(expected.siteName).toBe('Own');
    expect(baselineMismatch(expected, page('<meta property="og:site_name" content="Own">'), 'dave', sameSite)).toBe(
      undefined,
    );
    expect(baselineMismatch(expected, page('<meta property="og:site_name" content="Host">'), 'dave', sameSite)).toBe(
      'og:site_name "Host", the site\'s own is "Own"',
    );
  });

  it("another host's 400 with the same title is not the site's", () => {
    const expected = signatureOf(res(400, 'carol does not exist · S'), 'carol');
    expect(baselineMismatch(expected, res(400, 'dave does not exist · S'), 'dave', sameSite)).toBeUndefined();
    expect(
      baselineMismatch(
        expected,
        res(400, 'dave does not exist · S', { finalUrl: 'https://errors.platform.test/dave' }),
        'dave',
        sameSite,
      ),
    ).toContain('host errors.platform.test');
  });
});
