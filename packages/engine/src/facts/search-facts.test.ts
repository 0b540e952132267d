/**
 * Issue 29 items 1 and 4 on the simulated internet: a found profile's result carries the facts its page
 * states; extraction never changes a verdict; a page judged anything but found (a WAF page) keeps none;
 * an API check's profile page is fetched for facts only when the search asks (`facts: 'fetch'`).
 */
import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoundEngine } from '../engine.ts';
import { FIXTURE_CATALOGUES } from '../search/fixture-catalogues.ts';
import { byName, collect, fixtureEngine } from '../search/test-helpers.ts';

const PAGE = {
  head: '<meta property="og:type" content="profile"><meta property="og:title" content="Zed Planted">',
  body: '<a rel="me" href="https://lima-status.test/zed_elsewhere">elsewhere</a>',
};

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
  internet.plant('alpha-status.test', 'zed', PAGE);
  internet.plant('echo-codes.test', 'zed', PAGE);
  internet.register('golf-probe.test', 'zed');
  // The profile page of Golf Probe's API check (its probe URL is what the check asks).
  internet.route('golf-probe.test', '/people/zed', () => ({
    status: 200,
    headers: { 'content-type': 'text/html' },
    body: `<html><head>${PAGE.head}</head><body>${PAGE.body}</body></html>`,
  }));
  engine = await fixtureEngine(internet);
});
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});

describe('facts on search results', () => {
  it('a found profile carries what its page states, with the page it came from and the linked username', async () => {
    const alpha = byName(await collect(engine, 'zed'), 'Alpha Status');
    expect(alpha.verdict).toBe('found');
    expect(alpha.facts).toEqual([
      { kind: 'display_name', value: 'Zed Planted', source: 'https://alpha-status.test/u/zed', via: 'opengraph' },
      {
        kind: 'link',
        value: 'https://lima-status.test/zed_elsewhere',
        source: 'https://alpha-status.test/u/zed',
        via: 'rel-me',
        site: 'Lima Status',
      },
      {
        kind: 'username',
        value: 'zed_elsewhere',
        source: 'https://alpha-status.test/u/zed',
        via: 'rel-me',
        site: 'Lima Status',
      },
    ]);
  });

  it('never changes a verdict: the same search without facts has the same verdicts', async () => {
    const withFacts = await collect(engine, 'zed');
    const without = await collect(engine, 'zed', { facts: 'off' });
    const verdicts = (list: typeof withFacts) =>
      Object.fromEntries(list.map((r) => [r.name, `${r.verdict} ${r.reason ?? ''}`]));
    expect(verdicts(without)).toEqual(verdicts(withFacts));
    expect(without.some((r) => r.facts)).toBe(false);
    expect(withFacts.filter((r) => r.facts).every((r) => r.verdict === 'found')).toBe(true);
  });

  it('a page judged unknown keeps no facts: a WAF page in front of the planted profile', async () => {
    internet.fault('echo-codes.test', { kind: 'waf', vendor: 'cloudflare' });
    try {
      const echo = byName(await collect(engine, 'zed', { sites: ['Echo Codes'] }), 'Echo Codes');
      expect(echo.verdict).toBe('unknown');
      expect(echo.facts).toBeUndefined();
    } finally {
      internet.fault('echo-codes.test', null);
    }
  });

  it('an API check: no extra request by default; with facts "fetch", one GET of the profile page gives its facts', async () => {
    // Requests for zed: a HEAD check's found is confirmed by a GET (decision 083); a weak found's control probe
    // asks a never-registered name (decision 100).
    const forZed = () =>
      internet.log
        .requests('golf-probe.test')
        .map((r) => `${r.method} ${new URL(r.url).pathname}`)
        .filter((p) => p.includes('zed'))
        .sort();
    internet.log.reset();
    const plain = byName(await collect(engine, 'zed', { sites: ['Golf Probe'] }), 'Golf Probe');
    expect(plain.verdict).toBe('found');
    expect(plain.facts).toBeUndefined();
    expect(forZed()).toEqual(['GET /api/people/zed.json', 'HEAD /api/people/zed.json']);

    internet.log.reset();
    const fetched = byName(await collect(engine, 'zed', { sites: ['Golf Probe'], facts: 'fetch' }), 'Golf Probe');
    expect(fetched.verdict).toBe('found');
    expect(fetched.facts?.map((f) => `${f.kind}=${f.value}@${f.source}`)).toEqual([
      'display_name=Zed Planted@https://golf-probe.test/people/zed',
      'link=https://lima-status.test/zed_elsewhere@https://golf-probe.test/people/zed',
      'username=zed_elsewhere@https://golf-probe.test/people/zed',
    ]);
    expect(forZed()).toEqual(['GET /api/people/zed.json', 'GET /people/zed', 'HEAD /api/people/zed.json']);
  });
});
