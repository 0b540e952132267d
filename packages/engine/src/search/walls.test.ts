import {
  type Fault,
  type Internet,
  NOISY_PROFILE_VARIANTS,
  startInternet,
  type WallKind,
  wallVariants,
} from '@hound/testkit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HoundEngine } from '../engine.ts';
import type { SiteResult } from '../model.ts';
import { FIXTURE_CATALOGUES } from './fixture-catalogues.ts';
import { collect, fixtureEngine } from './test-helpers.ts';

// Hostile answers of every class (testkit `wall`/`redirect` faults, several realistic variants each) on
// checks of all three formats: never found or not found, always unknown with the reason that fits.
// docs/decisions/082-walls-and-status-gate.md

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
  engine = await fixtureEngine(internet, { timeoutMs: 3_000 });
  internet.route('captive.hotspot.test', '/*', () => ({
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: '<html><head><title>Welcome to CityWiFi</title></head><body><h1>Welcome!</h1><p>Accept the terms of use to get online.</p><form method="post" action="/accept"><button>Connect</button></form></body></html>',
  }));
  internet.route('consent.cmp-vendor.test', '/*', () => ({
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: '<html><head><title>Privacy</title></head><body><p>Choose your cookie settings.</p><button>OK</button></body></html>',
  }));
}, 30_000);
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});
afterEach(() => {
  for (const host of internet.hosts()) internet.fault(host, null);
});

const hostOf = (name: string) => {
  const site = internet.sites().find((s) => s.name === name);
  if (!site) throw new Error(`no fake site ${name}`);
  return site.host;
};

async function checkUnder(fault: Fault, site: string, username = 'alice'): Promise<SiteResult> {
  internet.fault(hostOf(site), fault);
  const [result] = await collect(engine, username, { sites: [site] });
  return result as SiteResult;
}

// GET checks: Sherlock message, WhatsMyName code+string and code-only, Maigret presence/absence,
// status_code and a JSON probe; and the HEAD checks of Sherlock and Maigret.
const GET_SITES = ['Bravo Message', 'Hotel Strings', 'Juliet Codes', 'Kilo Message', 'Lima Status', 'Oscar Probe'];
const HEAD_SITES = ['Alpha Status', 'Quebec Head'];

/** Reasons that fit each kind; variants that are a different class by nature name theirs. */
const EXPECTED: Record<WallKind, (variant: number) => string[]> = {
  login: () => ['login_wall'],
  consent: () => ['consent_wall'],
  region: () => ['region_blocked'],
  empty: () => ['blocked'],
  rate_limit: () => ['rate_limited'],
  json_error: (v) => [['rate_limited', 'rate_limited', 'login_wall', 'blocked', 'rate_limited'][v] as string],
  challenge: () => ['blocked'],
  waf_reject: () => ['blocked'],
  odd_status: (v) => [
    ['login_wall', 'http_error', 'blocked', 'region_blocked', 'rate_limited', 'login_wall'][v] as string,
  ],
};

const CASES = (Object.keys(EXPECTED) as WallKind[]).flatMap((wall) =>
  Array.from({ length: wallVariants(wall) }, (_, variant) => [wall, variant] as const),
);

describe.each(GET_SITES)('hostile pages on %s', (site) => {
  it.each(CASES)('%s #%i is unknown with its reason', async (wall, variant) => {
    const result = await checkUnder({ kind: 'wall', wall, variant }, site);
    expect({ verdict: result.verdict, rule: result.evidence.rule }).toMatchObject({ verdict: 'unknown' });
    expect(EXPECTED[wall](variant), result.evidence.rule).toContain(result.reason);
  });
});

// A HEAD check sees only "200": its found is confirmed by a GET whose first bytes are judged.
describe.each(HEAD_SITES)('hostile pages behind a HEAD check on %s', (site) => {
  it.each(CASES)('%s #%i is unknown with its reason', async (wall, variant) => {
    const result = await checkUnder({ kind: 'wall', wall, variant }, site);
    expect(result.verdict, result.evidence.rule).toBe('unknown');
    // A non-2xx HEAD answer has no body to tell which wall it is: any refusal reason will do.
    expect([...EXPECTED[wall](variant), 'http_error'], result.evidence.rule).toContain(result.reason);
  });
  it('a real profile is found with one HEAD and one small GET (and a control HEAD); a missing one costs the HEAD and the known-account control', async () => {
    internet.log.reset();
    const found = await checkUnder({ kind: 'noisy_profile', variant: 0 }, site);
    expect(found.verdict, found.evidence.rule).toBe('found');
    expect(found.evidence.rule).toContain('confirmed by GET');
    // The never-registered name's HEAD: a page that shows the name is no proof by itself (decision 127).
    // The search for the known account is the known-account control of the next search.
    expect(internet.log.requests(hostOf(site)).map((r) => r.method)).toEqual(['HEAD', 'GET', 'HEAD']);
    internet.log.reset();
    const missing = await checkUnder({ kind: 'noisy_profile', variant: 0 }, site, 'nobody-here-42');
    expect(missing.verdict).toBe('not_found');
    // The known account's answer from the first search has not been seen beside a not-found answer of this
    // kind, so it is taken again (HEAD and its confirming GET) before the not_found stands (decision 127).
    expect(internet.log.requests(hostOf(site)).map((r) => r.method)).toEqual(['HEAD', 'HEAD', 'GET']);
  });
});

describe.each(GET_SITES.concat(HEAD_SITES))('redirects away from the profile on %s', (site) => {
  it.each<[string, string, string, WallKind]>([
    ['login path', '/accounts/login/?next=%2Fu%2Falice', 'login_wall', 'login'],
    ['sign-in path (an empty page there)', '/users/sign_in', 'login_wall', 'empty'],
    ['consent path', '/consent?continue=%2Falice', 'consent_wall', 'consent'],
    ['consent host', 'https://consent.cmp-vendor.test/v2/?return=x', 'consent_wall', 'consent'],
    ['captive portal', 'http://captive.hotspot.test/portal/welcome?orig=x', 'unexpected_response', 'login'],
  ])('%s: unknown, the final URL in the evidence', async (_what, location, reason, wall) => {
    const result = await checkUnder({ kind: 'redirect', location, wall }, site);
    expect(result.verdict, result.evidence.rule).toBe('unknown');
    // WhatsMyName never follows redirects: the 3xx itself is judged (an unnamed status is http_error).
    if (site === 'Hotel Strings' || site === 'Juliet Codes') {
      expect([reason, 'http_error']).toContain(result.reason);
    } else {
      expect(result.reason, result.evidence.rule).toBe(reason);
      expect(`${result.evidence.finalUrl} ${result.evidence.rule}`).toContain(new URL(location, 'https://x/').pathname);
    }
  });
});

describe.each(['Bravo Message', 'Hotel Strings', 'Juliet Codes', 'Kilo Message', 'Lima Status'])(
  'false alarms on %s: real profiles stay found',
  (site) => {
    it.each(Array.from({ length: NOISY_PROFILE_VARIANTS }, (_, v) => v))('noisy profile #%i', async (variant) => {
      const result = await checkUnder({ kind: 'noisy_profile', variant }, site);
      expect(result.verdict, `${result.reason} ${result.evidence.rule}`).toBe('found');
    });
    it('a missing user is still not found', async () => {
      const result = await checkUnder({ kind: 'noisy_profile', variant: 4 }, site, 'nobody-here-42');
      expect(result.verdict, `${result.reason} ${result.evidence.rule}`).toBe('not_found');
    });
  },
);
