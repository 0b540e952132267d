import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHound } from '../catalogue/load-hound.ts';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import { createEngine, type HoundEngine } from '../engine.ts';
import type { RuleOutcome, SiteCheck } from '../model.ts';
import { CONTROL_TTL_MS, ControlProbes } from './control-probe.ts';
import { collect, tempDir } from './test-helpers.ts';

// docs/decisions/100-unknown-on-unlisted-pages.md, item 2: a found that rests only on a status or on a
// missing "no such user" marker holds only when a never-registered name is answered differently.

const PAGE = { 'content-type': 'text/html; charset=utf-8' };
/** Any name, any path: the same 200 page that never shows a name (a parked domain, a default page). */
const ANYTHING =
  '<html><head><title>Welcome</title></head><body><h1>Welcome</h1><p>Nothing here yet.</p></body></html>';
/** A real profile page that does not print the username in its text (many show only a display name). */
const PROFILE =
  '<html><head><title>Profile</title></head><body><h1>Jane Doe</h1><p>Gardener, 12 posts.</p></body></html>';

function checksFor(host: string): SiteCheck[] {
  return [
    ...loadSherlock({
      [`${host} status`]: {
        errorType: 'status_code',
        url: `https://${host}/s/{}`,
        urlMain: `https://${host}/`,
        username_claimed: 'alice',
      },
      [`${host} message`]: {
        errorType: 'message',
        errorMsg: 'No such user',
        url: `https://${host}/m/{}`,
        urlMain: `https://${host}/`,
        username_claimed: 'alice',
      },
    }),
    ...loadMaigret({
      sites: {
        [`${host} maigret`]: {
          checkType: 'status_code',
          url: `https://${host}/g/{username}`,
          urlMain: `https://${host}`,
          usernameClaimed: 'alice',
        },
      },
    }),
    ...loadWhatsMyName({
      sites: [
        {
          name: `${host} wmn`,
          uri_check: `https://${host}/w/{account}`,
          e_code: 200,
          e_string: '',
          m_code: 404,
          m_string: '',
          known: ['alice'],
          cat: 'x',
        },
      ],
    }),
    ...loadHound({
      format: 'hound',
      version: 1,
      sites: [
        {
          name: `${host} hound`,
          profileUrl: `https://${host}/h/{username}`,
          knownClaimed: ['alice'],
          found: { status: [200] },
          notFound: { status: [404] },
        },
      ],
    }),
  ];
}

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: [] });
  internet.route('anything.test', '/*', () => ({ status: 200, headers: PAGE, body: ANYTHING }));
  internet.route('honest.test', '/*', (req) =>
    /\/alice$/.test(req.url)
      ? { status: 200, headers: PAGE, body: PROFILE }
      : { status: 404, headers: PAGE, body: 'No such user' },
  );
  engine = await createEngine({
    checks: [...checksFor('anything.test'), ...checksFor('honest.test')],
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

const names = (host: string) => ['status', 'message', 'maigret', 'wmn', 'hound'].map((k) => `${host} ${k}`);
/** Requests to `host` for names other than `username` (the control probes). */
const controls = (host: string, username: string) =>
  internet.log.requests(host).filter((r) => !r.url.endsWith(`/${username}`));

describe('control probe for weak rules', () => {
  it('a site that answers 200 to everything: unknown indistinguishable on every rule kind, the control in the evidence', async () => {
    const results = await collect(engine, 'alice', { sites: names('anything.test') });
    expect(results).toHaveLength(5);
    for (const r of results) {
      expect({ name: r.name, verdict: r.verdict, reason: r.reason }).toEqual({
        name: r.name,
        verdict: 'unknown',
        reason: 'indistinguishable',
      });
      expect(r.evidence.rule).toMatch(/never-registered name \("[a-z0-9]+"\) is answered the same way/);
    }
  });

  it('a real profile stays found when the control is not found', async () => {
    const results = await collect(engine, 'alice', { sites: names('honest.test') });
    for (const r of results) {
      expect(r.verdict, `${r.name}: ${r.reason} ${r.evidence.rule}`).toBe('found');
      expect(r.evidence.rule).toContain('a never-registered name is not found');
    }
    const missing = await collect(engine, 'bob-nobody', { sites: names('honest.test') });
    for (const r of missing) expect(r.verdict).toBe('not_found');
  });

  it('one control per check, shared by parallel and later searches', async () => {
    internet.route('fresh.test', '/*', () => ({ status: 200, headers: PAGE, body: ANYTHING }));
    const fresh = await createEngine({
      checks: checksFor('fresh.test'),
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir: await tempDir(),
    });
    try {
      internet.log.reset();
      const searched = Array.from({ length: 30 }, (_, i) => `user${i}x`);
      const rounds = [searched, ['carol']];
      for (const round of rounds) {
        const all = await Promise.all(round.map((name) => collect(fresh, name, { sites: names('fresh.test') })));
        for (const r of all.flat()) expect(r.reason).toBe('indistinguishable');
      }
      // The known account ("alice") is a control of its own: asked once per check too.
      const mine = new Set([...rounds.flat(), 'alice']);
      const known = internet.log.requests('fresh.test').filter((r) => r.url.endsWith('/alice'));
      const knownKinds = known.map((r) => new URL(r.url).pathname.split('/')[1]);
      expect([...new Set(knownKinds)].sort()).toEqual(['g', 'h', 'm', 's', 'w']);
      // At most a HEAD and its confirming GET per check, for 31 searches.
      expect(known.length).toBeLessThanOrEqual(10);
      // Control names per check (path prefix /s, /m, /g, /w, /h): exactly one each, for 31 searches.
      const controlNames = new Map<string, Set<string>>();
      for (const r of internet.log.requests('fresh.test')) {
        const [, kind, name] = new URL(r.url).pathname.split('/');
        if (!kind || !name || mine.has(name)) continue;
        controlNames.set(kind, (controlNames.get(kind) ?? new Set()).add(name));
      }
      expect([...controlNames.keys()].sort()).toEqual(['g', 'h', 'm', 's', 'w']);
      for (const set of controlNames.values()) expect(set.size).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('a page that shows the username is no second signal by itself: an echoing catch-all is indistinguishable (decision 127)', async () => {
    internet.route('echo.test', '/*', (req) => ({
      status: 200,
      headers: PAGE,
      body: `<html><body><h1>${req.url.split('/').pop()}</h1><p>Profile</p></body></html>`,
    }));
    const echo = await createEngine({
      checks: checksFor('echo.test'),
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir: await tempDir(),
    });
    try {
      internet.log.reset();
      const results = await collect(echo, 'dave', { sites: names('echo.test') });
      for (const r of results)
        expect({ name: r.name, reason: r.reason }).toEqual({ name: r.name, reason: 'indistinguishable' });
      expect(controls('echo.test', 'dave').length).toBeGreaterThan(0);
    } finally {
      await echo.close();
    }
  });
});

describe('searchGuards: false (bench:engine only, decision 105)', () => {
  it('searches with no control probe and no baseline, as before decision 100; not with search threads', async () => {
    internet.route('unguarded.test', '/*', () => ({ status: 200, headers: PAGE, body: ANYTHING }));
    const bare = await createEngine({
      checks: checksFor('unguarded.test'),
      connect: internet.connect,
      allowPrivateAddresses: true,
      dataDir: await tempDir(),
      timeoutMs: 3_000,
      searchGuards: false,
    });
    try {
      const results = await collect(bare, 'alice', { sites: names('unguarded.test') });
      for (const r of results) expect(r.verdict, r.name).toBe('found');
      expect(controls('unguarded.test', 'alice')).toHaveLength(0);
    } finally {
      await bare.close();
    }
    await expect(
      createEngine({ checks: [], dataDir: await tempDir(), searchThreads: 1, searchGuards: false }),
    ).rejects.toThrow(/searchGuards/);
  });
});

describe('ControlProbes', () => {
  const [check] = checksFor('unit.test') as [SiteCheck];
  const outcome = (verdict: RuleOutcome['verdict'], reason?: RuleOutcome['reason']): RuleOutcome => ({
    format: 'sherlock',
    verdict,
    rule: 'r',
    ...(reason ? { reason } : {}),
  });

  it('keeps an answer for the TTL, then takes a new one; in-flight controls are shared', async () => {
    let now = 0;
    const probes = new ControlProbes(() => now);
    let runs = 0;
    const run = async () => {
      runs++;
      return outcome('not_found');
    };
    await Promise.all([probes.answer(check, run), probes.answer(check, run), probes.answer(check, run)]);
    expect(runs).toBe(1);
    now += CONTROL_TTL_MS - 1;
    await probes.answer(check, run);
    expect(runs).toBe(1);
    now += 2;
    expect(await probes.answer(check, run)).toMatchObject({ verdict: 'not_found' });
    expect(runs).toBe(2);
    expect(probes.counts).toEqual({ sent: 2, shared: 3 });
  });

  it('does not keep a control cut off by a cancelled search', async () => {
    const probes = new ControlProbes();
    expect(await probes.answer(check, async () => outcome('unknown', 'cancelled'))).toBeUndefined();
    expect(await probes.answer(check, async () => outcome('found'))).toMatchObject({ verdict: 'found' });
    expect(probes.counts.sent).toBe(2);
  });
});
