import { type Internet, type RouteRequest, type RouteResponse, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadHound } from '../catalogue/load-hound.ts';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import { createEngine, type HoundEngine } from '../engine.ts';
import type { SiteCheck } from '../model.ts';
import { collect, tempDir } from '../search/test-helpers.ts';

// docs/decisions/100-unknown-on-unlisted-pages.md, item 1: the self-test keeps a signature of each site's
// own found and not-found answers; a rule decides only on an answer that matches the signature of the
// outcome it implies.

const HOST = 'baseline.test';
const HTML = { 'content-type': 'text/html; charset=utf-8' };
let served = 0;
/** The site's own answers' headers: its server, its application's request id and session cookie. */
const own = () => ({
  ...HTML,
  server: 'nginx',
  'x-request-id': String(++served),
  'set-cookie': `_baseline_session=${served}; path=/; HttpOnly`,
});

/** How the fake site answers: honestly, or with a platform's page in its place. */
let mode: 'honest' | 'platform404' | 'moved' | 'lookalike' | 'lookalike404' = 'honest';
let notFoundTitle = 'Page not found · Baseline';

function site(req: RouteRequest): RouteResponse {
  const name = decodeURIComponent(req.url.split('?')[0]?.split('/').pop() ?? '');
  if (mode === 'platform404') {
    return {
      status: 404,
      headers: { ...HTML, server: 'Cowboy', via: '1.1 vegur', 'cache-control': 'no-cache, no-store' },
      body: '<html><head><title>No such app</title></head><body>No such app</body></html>',
    };
  }
  const kind = req.url.split('/')[1];
  if (mode === 'lookalike') {
    // Another site's copy of a profile: every rule's found markers and the username, not the site's title.
    return {
      status: 200,
      headers: HTML,
      body: `<html><head><title>${name} - profile mirror, cached copy</title></head><body><div class="card">${name}'s profile</div></body></html>`,
    };
  }
  if (mode === 'lookalike404') {
    // Another server's 404 that happens to carry the site's own "no such user" wording.
    return {
      status: 404,
      headers: HTML,
      body: `<html><head><title>Not Found – edge cache</title></head><body>No such user ${name}</body></html>`,
    };
  }
  if (name === 'alice' || name === 'bob') {
    return {
      status: 200,
      headers: own(),
      body: `<html><head><title>${name} · Baseline</title><meta property="og:site_name" content="Baseline Social"></head><body><div class="card">${name}'s profile</div></body></html>`,
    };
  }
  if (kind === 'r') {
    return { status: 302, headers: { ...own(), location: mode === 'moved' ? '/somewhere/else' : '/?missing=1' } };
  }
  return {
    status: 404,
    headers: own(),
    body: `<html><head><title>${notFoundTitle}</title></head><body>No such user ${name}</body></html>`,
  };
}

const checks: SiteCheck[] = [
  ...loadSherlock({
    'B status': {
      errorType: 'status_code',
      url: `https://${HOST}/s/{}`,
      urlMain: `https://${HOST}/`,
      username_claimed: 'alice',
    },
    'B message': {
      errorType: 'message',
      errorMsg: 'No such user',
      url: `https://${HOST}/m/{}`,
      urlMain: `https://${HOST}/`,
      username_claimed: 'alice',
    },
    'B redirect': {
      errorType: 'response_url',
      url: `https://${HOST}/r/{}`,
      urlMain: `https://${HOST}/`,
      username_claimed: 'alice',
    },
    'B status get': {
      errorType: 'status_code',
      request_method: 'GET',
      url: `https://${HOST}/t/{}`,
      urlMain: `https://${HOST}/`,
      username_claimed: 'alice',
    },
  }),
  ...loadMaigret({
    sites: {
      'B maigret': {
        checkType: 'message',
        presenseStrs: ['class="card"'],
        url: `https://${HOST}/g/{username}`,
        urlMain: `https://${HOST}`,
        usernameClaimed: 'alice',
      },
      'B maigret both': {
        checkType: 'message',
        presenseStrs: ['class="card"'],
        absenceStrs: ['No such user'],
        url: `https://${HOST}/p/{username}`,
        urlMain: `https://${HOST}`,
        usernameClaimed: 'alice',
      },
      'B maigret status': {
        checkType: 'status_code',
        url: `https://${HOST}/c/{username}`,
        urlMain: `https://${HOST}`,
        usernameClaimed: 'alice',
      },
    },
  }),
  ...loadWhatsMyName({
    sites: [
      {
        name: 'B wmn',
        uri_check: `https://${HOST}/w/{account}`,
        e_code: 200,
        e_string: 'profile',
        m_code: 404,
        m_string: '',
        known: ['alice', 'bob'],
        cat: 'x',
      },
    ],
  }),
  ...loadHound({
    format: 'hound',
    version: 1,
    sites: [
      {
        name: 'B hound',
        profileUrl: `https://${HOST}/h/{username}`,
        knownClaimed: ['alice', 'bob'],
        found: { status: [200], bodyIncludesAll: ['class="card"'] },
        notFound: { status: [404] },
      },
    ],
  }),
];
const NAMES = checks.map((c) => c.name);

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  internet.route(HOST, '/*', site);
  engine = await createEngine({
    checks,
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

describe('per-site baselines', () => {
  it('a search before the first self-test decides by the rules alone, says so, and does not wait', async () => {
    const started = Date.now();
    const results = await collect(engine, 'alice', { sites: NAMES });
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const r of results) {
      expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('found');
      expect(r.evidence.detail).toContain('no self-test baseline yet');
    }
  });

  it('the self-test stores a signature of the found and not-found answers', async () => {
    const health = await engine.selfTest();
    const stored = health.flatMap((h) => h.checks ?? []);
    expect(stored).toHaveLength(NAMES.length);
    for (const check of stored) {
      expect(check.baseline, check.name).toBeDefined();
      expect(check.baseline?.notFound?.host).toBe(HOST);
    }
    const wmn = stored.find((c) => c.name === 'B wmn');
    // Two claimed profiles share the site's name in their titles, never the user's.
    expect(wmn?.baseline?.found).toMatchObject({
      status: 200,
      type: 'text/html',
      markers: ['Baseline'],
      siteName: 'Baseline Social',
    });
    // One claimed name: the title part the profile shares with the not-found page is the site's.
    expect(stored.find((c) => c.name === 'B message')?.baseline?.found?.markers).toEqual(['Baseline']);
    expect(wmn?.baseline?.notFound).toMatchObject({ status: 404, title: 'Page not found · Baseline' });
    expect(stored.find((c) => c.name === 'B redirect')?.baseline?.notFound).toMatchObject({
      status: 302,
      redirect: '/?missing=1',
    });
  });

  it('answers like the baseline still decide, with no note', async () => {
    const found = await collect(engine, 'alice', { sites: NAMES });
    const missing = await collect(engine, 'carol-nobody', { sites: NAMES });
    for (const r of found) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('found');
    for (const r of missing) expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('not_found');
    for (const r of [...found, ...missing]) expect(r.evidence.detail ?? '').not.toContain('baseline');
  });

  it('a platform error page in place of the site is unknown on every rule kind, never not_found', async () => {
    mode = 'platform404';
    for (const username of ['alice', 'carol-nobody']) {
      const results = await collect(engine, username, { sites: NAMES });
      expect(results).toHaveLength(NAMES.length);
      for (const r of results) {
        expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('unknown');
      }
      // A HEAD answer has no title: its headers are not the site's (decision 118).
      const head = results.find((x) => x.name === 'B status');
      expect(head?.reason, head?.evidence.rule).toBe('unfamiliar_answer');
      expect(head?.evidence.rule).toContain('server "cowboy", the site\'s own is "nginx"');
      // Rules that read a 404 as "missing" are stopped by the baseline, with the evidence.
      for (const name of ['B wmn', 'B hound']) {
        const r = results.find((x) => x.name === name);
        expect(r?.reason, `${name}: ${r?.evidence.rule}`).toBe('unfamiliar_answer');
        expect(r?.evidence.rule).toContain('the site\'s own is "Page not found · Baseline"');
      }
    }
  });

  it("a copy of a profile on the site's address but not in its shape is never found, on every rule kind", async () => {
    mode = 'lookalike';
    // The page shows the username, so no control probe is taken: only the baseline stands in the way.
    // Its found side names the site: the profiles' og:site_name, and the title part shared by two claimed
    // profiles or by the one claimed profile and the not-found page (decision 105).
    for (const username of ['alice', 'carol-nobody']) {
      const results = await collect(engine, username, { sites: NAMES });
      expect(results).toHaveLength(NAMES.length);
      for (const r of results) {
        expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ verdict: 'unknown', reason: 'unfamiliar_answer' });
        expect(r.evidence.rule).toContain('no og:site_name, the site\'s own is "Baseline Social"');
      }
    }
  });

  it("another server's 404 with the site's own wording is never not_found, on every GET rule kind", async () => {
    mode = 'lookalike404';
    // Rules that read the wording or the 404 say not_found; the baseline's title says it is not the site's.
    const GET_RULES = NAMES.filter((n) => n !== 'B status' && n !== 'B redirect');
    for (const username of ['alice', 'carol-nobody']) {
      const results = await collect(engine, username, { sites: GET_RULES });
      for (const r of results) {
        expect(r, `${r.name}: ${r.evidence.rule}`).toMatchObject({ verdict: 'unknown', reason: 'unfamiliar_answer' });
        expect(r.evidence.rule).toContain('the site\'s own is "Page not found · Baseline"');
      }
    }
  });

  it("a redirect-means-missing rule decides only on the site's own not-found target", async () => {
    mode = 'moved';
    const [r] = await collect(engine, 'carol-nobody', { sites: ['B redirect'] });
    expect(r).toMatchObject({ verdict: 'unknown', reason: 'unfamiliar_answer' });
    expect(r?.evidence.rule).toContain('/somewhere/else');
  });

  it('a new self-test refreshes the baseline', async () => {
    notFoundTitle = 'Nothing here – Baseline';
    const stale = await collect(engine, 'carol-nobody', { sites: ['B wmn'] });
    expect(stale[0]?.reason).toBe('unfamiliar_answer');
    await engine.selfTest();
    const fresh = await collect(engine, 'carol-nobody', { sites: ['B wmn'] });
    expect(fresh[0]?.verdict).toBe('not_found');
  });

  it('searches on a search thread get the baselines too', async () => {
    const threaded = await createEngine({
      checks,
      proxy: internet.proxyUrl,
      caPem: internet.caPem,
      searchThreads: 1,
      dataDir: await tempDir(),
      timeoutMs: 3_000,
    });
    try {
      await threaded.selfTest();
      mode = 'platform404';
      const [r] = await collect(threaded, 'carol-nobody', { sites: ['B wmn'] });
      expect(r).toMatchObject({ verdict: 'unknown', reason: 'unfamiliar_answer' });
    } finally {
      await threaded.close();
    }
  });
});
