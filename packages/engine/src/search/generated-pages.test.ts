import { type GeneratedPage, generatedPages, type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHound } from '../catalogue/load-hound.ts';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import { createEngine, type HoundEngine } from '../engine.ts';
import type { SiteCheck, SiteResult } from '../model.ts';
import { collect, tempDir } from './test-helpers.ts';

// Issue 37 item 5 (docs/decisions/129-generated-hostile-pages.md): the testkit's generated hostile pages —
// pages that are not the site's own answer about the name asked for, with and without that name echoed —
// served in place of sites of every username rule kind. No found or not_found may come of them, on a fresh
// engine (no self-test, no control taken: a new CLI user) nor on a warm one (self-test taken while the
// sites were honest, then the sites turned); honest sites stay right.

const PAGE = { 'content-type': 'text/html; charset=utf-8' };
/** Registered on every honest site: the catalogues' known account and another one. */
const REGISTERED = new Set(['alice', 'carol']);
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const KINDS = [
  'status',
  'message',
  'response_url',
  'wmn',
  'maigret message',
  'maigret status',
  'hound',
  // The same rule kinds on a JSON API (decision 160: another API's or a gateway's JSON decides nothing).
  'api message',
  'api wmn',
  'api maigret',
  'api hound',
];

/** One site known to every catalogue format, at `host`, with the markers catalogues are made of. */
function checksFor(host: string): SiteCheck[] {
  const base = `https://${host}`;
  return [
    ...loadSherlock({
      [`${host} status`]: { errorType: 'status_code', url: `${base}/s/{}`, urlMain: base, username_claimed: 'alice' },
      [`${host} message`]: {
        errorType: 'message',
        errorMsg: 'User not found',
        url: `${base}/m/{}`,
        urlMain: base,
        username_claimed: 'alice',
      },
      [`${host} response_url`]: {
        errorType: 'response_url',
        errorUrl: `${base}/notfound`,
        url: `${base}/r/{}`,
        urlMain: base,
        username_claimed: 'alice',
      },
      [`${host} api message`]: {
        errorType: 'message',
        errorMsg: 'Not Found',
        url: `${base}/api/m/{}`,
        urlMain: base,
        username_claimed: 'alice',
      },
    }),
    ...loadWhatsMyName({
      sites: [
        {
          name: `${host} api wmn`,
          uri_check: `${base}/api/w/{account}`,
          e_code: 200,
          e_string: 'followers',
          m_code: 404,
          m_string: 'Not Found',
          known: ['alice'],
          cat: 'social',
        },
        {
          name: `${host} wmn`,
          uri_check: `${base}/w/{account}`,
          e_code: 200,
          e_string: 'followers',
          m_code: 404,
          m_string: 'Page not found',
          known: ['alice'],
          cat: 'social',
        },
      ],
    }),
    ...loadMaigret({
      sites: {
        [`${host} maigret message`]: {
          checkType: 'message',
          url: `${base}/g/{username}`,
          urlMain: base,
          presenseStrs: ['followers'],
          absenceStrs: ["doesn't exist"],
          usernameClaimed: 'alice',
        },
        [`${host} maigret status`]: {
          checkType: 'status_code',
          url: `${base}/p/{username}`,
          urlMain: base,
          usernameClaimed: 'alice',
        },
        [`${host} api maigret`]: {
          checkType: 'message',
          url: `${base}/api/g/{username}`,
          urlMain: base,
          presenseStrs: ['followers'],
          absenceStrs: ['Not Found'],
          usernameClaimed: 'alice',
        },
      },
    }),
    ...loadHound({
      format: 'hound',
      version: 1,
      sites: [
        {
          name: `${host} hound`,
          profileUrl: `${base}/h/{username}`,
          knownClaimed: ['alice'],
          found: { status: [200], bodyIncludesAny: ['Joined'] },
          notFound: { status: [404] },
        },
        {
          name: `${host} api hound`,
          profileUrl: `${base}/api/h/{username}`,
          knownClaimed: ['alice'],
          found: { status: [200], bodyIncludesAny: ['followers'] },
          notFound: { status: [404] },
        },
      ],
    }),
  ];
}

/** A site's honest answers: a profile for registered names, its own not-found answer for the rest. */
function honest(host: string, url: string) {
  const { pathname } = new URL(url, `https://${host}`);
  const [, kind, name = ''] = pathname.split('/');
  if (kind === 'api') {
    const who = pathname.split('/')[3] ?? '';
    return REGISTERED.has(who)
      ? {
          status: 200,
          headers: JSON_TYPE,
          body: JSON.stringify({ login: who, id: 42, followers: 12, created_at: '2020-01-01' }),
        }
      : {
          status: 404,
          headers: JSON_TYPE,
          body: JSON.stringify({ message: 'Not Found', documentation_url: `https://${host}/docs` }),
        };
  }
  if (REGISTERED.has(name)) {
    return {
      status: 200,
      headers: PAGE,
      body: `<html><head><title>${name} · Brandhost</title></head><body><h1>${name}</h1><p>Joined 2020 · 12 followers</p></body></html>`,
    };
  }
  if (kind === 'r') return { status: 302, headers: { location: `https://${host}/notfound` } };
  if (kind === 'notfound') return { status: 200, headers: PAGE, body: '<html><body>Nothing here</body></html>' };
  return {
    status: 404,
    headers: PAGE,
    body: "<html><head><title>Brandhost</title></head><body><h1>User not found</h1><p>This account doesn't exist. Page not found.</p></body></html>",
  };
}

const PAGES = generatedPages();
const hostOf = (i: number) => `g${i}.generated.test`;
const HONEST_HOSTS = ['h1.honest.test', 'h2.honest.test'];

let internet: Internet;
/** Hosts currently serving their generated page (the rest answer honestly). */
const hostile = new Set<string>();
beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  const serve = (host: string, page?: GeneratedPage) =>
    internet.route(host, '/*', (req) => {
      if (page && hostile.has(host)) {
        const made = page.make({ host, path: new URL(req.url, `https://${host}`).pathname });
        return { status: made.status, headers: made.headers, body: made.body };
      }
      return honest(host, req.url);
    });
  for (const [i, page] of PAGES.entries()) serve(hostOf(i), page);
  for (const host of HONEST_HOSTS) serve(host);
}, 30_000);
afterAll(async () => {
  await internet?.close();
});

const allChecks = () => [...PAGES.map((_, i) => hostOf(i)), ...HONEST_HOSTS].flatMap(checksFor);
const engineOf = async () =>
  createEngine({
    checks: allChecks(),
    connect: internet.connect,
    allowPrivateAddresses: true,
    dataDir: await tempDir(),
    timeoutMs: 30_000,
  });
const names = (hosts: string[]) => hosts.flatMap((host) => KINDS.map((k) => `${host} ${k}`));

/** Wrong verdicts on the generated pages for `username`: any found or not_found is one. */
function wrongOn(results: SiteResult[], username: string): string[] {
  return results
    .filter((r) => r.verdict === 'found' || r.verdict === 'not_found')
    .map((r) => {
      const page = PAGES[Number(/^g(\d+)\./.exec(r.name)?.[1])] as GeneratedPage;
      const detail = r.evidence.detail ? ` [${r.evidence.detail}]` : '';
      return `${page.id} on ${r.name.split(' ').slice(1).join(' ') || r.name} for ${username}: ${r.verdict} (${r.evidence.rule})${detail}`;
    });
}

async function score(
  engine: HoundEngine,
  label: string,
  hosts = PAGES.map((_, i) => hostOf(i)),
): Promise<{ answers: number; wrong: string[] }> {
  for (let i = 0; i < PAGES.length; i++) hostile.add(hostOf(i));
  const wrong: string[] = [];
  let answers = 0;
  for (const username of ['carol', 'nobody-zq7']) {
    const results = await collect(engine, username, { sites: names(hosts) });
    answers += results.length;
    wrong.push(...wrongOn(results, username));
  }
  hostile.clear();
  console.log(
    `generated pages (${label}): ${hosts.length} pages × ${KINDS.length} rule kinds × 2 names = ${answers} answers; ${wrong.length} wrong` +
      (wrong.length > 0 ? `\n  ${wrong.slice(0, 40).join('\n  ')}` : ''),
  );
  return { answers, wrong };
}

async function honestStaysRight(engine: HoundEngine): Promise<void> {
  const found = await collect(engine, 'carol', { sites: names(HONEST_HOSTS) });
  const missing = await collect(engine, 'nobody-zq7', { sites: names(HONEST_HOSTS) });
  expect(found).toHaveLength(HONEST_HOSTS.length * KINDS.length);
  for (const r of found) expect(r.verdict, `${r.name}: ${r.reason} ${r.evidence.rule}`).toBe('found');
  for (const r of missing) expect(r.verdict, `${r.name}: ${r.reason} ${r.evidence.rule}`).toBe('not_found');
}

describe('generated hostile pages, every username rule kind', () => {
  it('a fresh engine (no self-test, no control yet) gives no found or not_found; honest sites stay right', async () => {
    const engine = await engineOf();
    try {
      await honestStaysRight(engine);
      const { answers, wrong } = await score(engine, 'fresh');
      expect(answers).toBe(PAGES.length * KINDS.length * 2);
      expect(wrong).toEqual([]);
      await honestStaysRight(engine);
    } finally {
      await engine.close();
    }
  }, 900_000);

  it('a warm engine (self-test taken while the sites were honest, then the sites turned) gives none', async () => {
    const engine = await engineOf();
    try {
      await engine.selfTest({ timeoutMs: 15_000 });
      await honestStaysRight(engine);
      // Decision 160: a HEAD 404 of a turned site is vouched for by the cached control only when its length
      // class and headers are those judged beside it; another JSON answer's keys make another kind too.
      const { wrong } = await score(engine, 'warm');
      expect(wrong).toEqual([]);
      await honestStaysRight(engine);
    } finally {
      await engine.close();
    }
  }, 900_000);

  it("a CLI's next run (controls kept in the data dir from honest searches, no self-test) gives none", async () => {
    const dataDir = await tempDir();
    const open = () =>
      createEngine({
        checks: allChecks(),
        connect: internet.connect,
        allowPrivateAddresses: true,
        dataDir,
        timeoutMs: 30_000,
      });
    // The pages that echo the name (half of them, every frame and status): a CLI run is a whole search.
    const echoing = PAGES.flatMap((page, i) => (page.echo ? [hostOf(i)] : []));
    const first = await open();
    try {
      const every = names([...echoing, ...HONEST_HOSTS]);
      for (const username of ['dave-first-run', 'carol']) await collect(first, username, { sites: every });
    } finally {
      await first.close();
    }
    const engine = await open();
    try {
      const { wrong } = await score(engine, 'kept controls', echoing);
      expect(wrong).toEqual([]);
      await honestStaysRight(engine);
    } finally {
      await engine.close();
    }
  }, 900_000);

  it('each rule kind checks', () => {
    expect(new Set(allChecks().map((c) => c.format))).toEqual(new Set(['sherlock', 'whatsmyname', 'maigret', 'hound']));
    expect(names(HONEST_HOSTS)).toHaveLength(HONEST_HOSTS.length * KINDS.length);
  });
});
