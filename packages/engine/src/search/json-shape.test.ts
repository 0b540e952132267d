import { generatedPages, type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHound } from '../catalogue/load-hound.ts';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import { createEngine } from '../engine.ts';
import { baselineMismatch, foundSignature, signatureOf } from '../health/baseline.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { sameSite } from '../rules/outcome.ts';
import { answerKind, answerShape } from './answer-shape.ts';
import { jsonShape, jsonShapeDifference } from './json-shape.ts';
import { collect, tempDir } from './test-helpers.ts';

// Issue 37 item 3 (docs/decisions/160): an answer whose JSON shape is not that of the check's own answers
// decides nothing — a gateway's JSON error or another API's JSON carries the markers and the media type,
// not the fields. The hostile answers are the testkit's generated JSON frames, whoever wrote them.

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const profile = (name: string) => ({ login: name, id: 42, followers: 12, created_at: '2020-01-01' });
const missing = { message: 'Not Found', documentation_url: 'https://api.site.test/docs' };
const response = (status: number, body: string | Buffer, name: string, headers = JSON_TYPE): CheckResponse => ({
  status,
  headers,
  body: typeof body === 'string' ? body : body.toString('utf8'),
  finalUrl: `https://api.site.test/users/${name}`,
  redirects: 0,
  truncated: false,
  method: 'GET',
});
const JSON_PAGES = generatedPages().filter((p) => p.frame.startsWith('json_'));

describe('jsonShape and jsonShapeDifference', () => {
  it('reads top-level keys, an array as [] and its first element, and nothing of HTML or HEAD', () => {
    expect(jsonShape(response(200, JSON.stringify(profile('carol')), 'carol'))).toEqual([
      'created_at',
      'followers',
      'id',
      'login',
    ]);
    expect(jsonShape(response(200, '[{"b":1,"a":2}]', 'x'))).toEqual(['[]', 'a', 'b']);
    expect(jsonShape(response(200, '<html>{}</html>', 'x', { 'content-type': 'text/html' }))).toBeUndefined();
    expect(jsonShape({ ...response(200, '{"a":1}', 'x'), method: 'HEAD' })).toBeUndefined();
  });

  it("every generated JSON answer differs from the API's own profile and not-found answers; its own answers do not", () => {
    const ownFound = jsonShape(response(200, JSON.stringify(profile('alice')), 'alice')) as string[];
    const ownMissing = jsonShape(response(404, JSON.stringify(missing), 'x7q2k')) as string[];
    expect(jsonShapeDifference(ownFound, jsonShape(response(200, JSON.stringify(profile('carol')), 'c')), false)).toBe(
      undefined,
    );
    expect(jsonShapeDifference(ownMissing, jsonShape(response(404, JSON.stringify(missing), 'q')), true)).toBe(
      undefined,
    );
    expect(JSON_PAGES.length).toBeGreaterThanOrEqual(4 * 7 * 2);
    for (const page of JSON_PAGES) {
      for (const name of ['carol', 'nobody-zq7']) {
        const made = page.make({ host: 'api.site.test', path: `/users/${name}` });
        const seen = jsonShape(response(made.status, made.body, name));
        expect(jsonShapeDifference(ownFound, seen, false), `${page.id} as a profile`).toBeDefined();
        expect(jsonShapeDifference(ownMissing, seen, true), `${page.id} as a not-found answer`).toBeDefined();
      }
    }
  });

  it("a JSON baseline refuses every generated JSON answer and keeps the API's own", () => {
    const found = foundSignature([
      signatureOf(response(200, JSON.stringify(profile('alice')), 'alice'), 'alice'),
      signatureOf(response(200, JSON.stringify({ ...profile('bob'), bio: 'x' }), 'bob'), 'bob'),
    ]);
    const notFound = signatureOf(response(404, JSON.stringify(missing), 'x7q2k'), 'x7q2k');
    expect(found?.json).toEqual(['created_at', 'followers', 'id', 'login']);
    const own = response(200, JSON.stringify({ ...profile('carol'), location: 'here' }), 'carol');
    expect(baselineMismatch(found as NonNullable<typeof found>, own, 'carol', sameSite)).toBeUndefined();
    expect(baselineMismatch(notFound, response(404, JSON.stringify(missing), 'q'), 'q', sameSite)).toBeUndefined();
    for (const page of JSON_PAGES) {
      const made = page.make({ host: 'api.site.test', path: '/users/carol' });
      const seen = response(made.status, made.body, 'carol');
      const asFound = { ...(found as NonNullable<typeof found>), status: made.status };
      expect(baselineMismatch(asFound, seen, 'carol', sameSite), page.id).toMatch(/^JSON /);
      expect(baselineMismatch({ ...notFound, status: made.status }, seen, 'carol', sameSite), page.id).toMatch(
        /^JSON /,
      );
    }
  });

  it('a JSON answer of other keys is another kind of answer (a cached control does not vouch for it)', () => {
    const own = answerKind(answerShape(response(404, JSON.stringify(missing), 'q'), 'q'));
    for (const page of JSON_PAGES.filter((p) => p.status === 404)) {
      const made = page.make({ host: 'api.site.test', path: '/users/carol' });
      expect(answerKind(answerShape(response(404, made.body, 'carol'), 'carol')), page.id).not.toBe(own);
    }
  });
});

const KINDS = ['api message', 'api wmn', 'api maigret', 'api hound'];
/** One host per rule kind (checks of one host are one site, their verdicts combined). */
const HOSTS = KINDS.map((_, i) => `api${i}.turned.test`);
const sites = KINDS.map((kind, i) => `${HOSTS[i]} ${kind}`);
const allApiChecks = () =>
  HOSTS.flatMap((host, i) => apiChecks(host).filter((c) => c.name.endsWith(KINDS[i] as string)));

/** An API site known to every rule kind: a profile has `followers`, a missing user's answer says "Not Found". */
function apiChecks(host: string): SiteCheck[] {
  const base = `https://${host}`;
  return [
    ...loadSherlock({
      [`${host} api message`]: {
        errorType: 'message',
        errorMsg: 'Not Found',
        url: `${base}/m/{}`,
        urlMain: base,
        username_claimed: 'alice',
      },
    }),
    ...loadWhatsMyName({
      sites: [
        {
          name: `${host} api wmn`,
          uri_check: `${base}/w/{account}`,
          e_code: 200,
          e_string: 'followers',
          m_code: 404,
          m_string: 'Not Found',
          known: ['alice'],
          cat: 'social',
        },
      ],
    }),
    ...loadMaigret({
      sites: {
        [`${host} api maigret`]: {
          checkType: 'message',
          url: `${base}/g/{username}`,
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
          name: `${host} api hound`,
          profileUrl: `${base}/h/{username}`,
          knownClaimed: ['alice'],
          found: { status: [200], bodyIncludesAny: ['followers'] },
          notFound: { status: [404] },
        },
      ],
    }),
  ];
}

describe('another API behind the same address, which knows the name asked for', () => {
  let internet: Internet;
  let turned = false;
  const otherApi = generatedPages().find((p) => p.frame === 'json_other_api' && p.status === 200 && p.echo);
  const otherMissing = generatedPages().find((p) => p.frame === 'json_api_error' && p.status === 404 && !p.echo);
  beforeAll(async () => {
    internet = await startInternet({ catalogues: [] });
    for (const host of HOSTS)
      internet.route(host, '/*', (req) => {
        const path = new URL(req.url, `https://${host}`).pathname;
        const name = path.split('/')[2] ?? '';
        if (turned) {
          // A shared gateway now routes to another service: it knows carol and alice, not the rest.
          const page = name === 'carol' || name === 'alice' ? otherApi : otherMissing;
          return page?.make({ host, path }) ?? { status: 500, body: '' };
        }
        return name === 'carol' || name === 'alice'
          ? { status: 200, headers: JSON_TYPE, body: JSON.stringify(profile(name)) }
          : { status: 404, headers: JSON_TYPE, body: JSON.stringify(missing) };
      });
  }, 30_000);
  afterAll(async () => {
    await internet?.close();
  });

  it("gives no found on a CLI's next run whose kept controls hold the API's own answers (every rule kind)", async () => {
    expect(otherApi && otherMissing).toBeTruthy();
    const dataDir = await tempDir();
    const open = () =>
      createEngine({ checks: allApiChecks(), connect: internet.connect, allowPrivateAddresses: true, dataDir });
    turned = false;
    const first = await open();
    try {
      // Honest: a missing name takes the known account's control, a registered one the never-registered one.
      for (const r of await collect(first, 'dave', { sites })) expect(r.verdict, r.name).toBe('not_found');
      for (const r of await collect(first, 'carol', { sites })) expect(r.verdict, r.name).toBe('found');
    } finally {
      await first.close();
    }
    turned = true;
    const engine = await open();
    try {
      const results = await collect(engine, 'carol', { sites });
      expect(results.map((r) => r.name).sort()).toEqual([...sites].sort());
      for (const r of results) {
        expect(r.verdict, `${r.name}: ${r.evidence.rule}`).toBe('unknown');
        expect(r.reason, r.name).toBe('unfamiliar_answer');
        expect(r.evidence.rule, r.name).toMatch(/not of this check's own kind: JSON \{data, meta\}/);
      }
    } finally {
      await engine.close();
      turned = false;
    }
  }, 60_000);
});
