import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../catalogue/load-catalogue.ts';
import { createEngine, type HoundEngine } from '../engine.ts';
import { randomUsername } from '../health/random-username.ts';
import type { SiteResult } from '../model.ts';
import { collect, tempDir } from './test-helpers.ts';

const REGISTERED = 'romeo-registered';
const MARKERS = { checkType: 'message', presenseStrs: ['profile-of-member'], absenceStrs: ['no-such-member'] };

// Romeo has a mirror; the testkit serves the mirror as a site of its own with the same pages.
const romeo = {
  urlMain: 'https://romeo.test/',
  url: '{urlMain}members/{username}',
  mirrors: ['https://romeo.test/', 'https://romeo-mirror.test/'],
  usernameClaimed: 'alice',
  usernameUnclaimed: 'noonewouldeverusethis7',
  ...MARKERS,
};
// Sierra answers in GBK without saying so; the catalogue forces the charset.
const sierra = {
  urlMain: 'https://sierra.test/',
  url: '{urlMain}u/{username}',
  encoding: 'gbk',
  checkType: 'message',
  presenseStrs: ['用户资料'],
  absenceStrs: ['用户不存在'],
  usernameClaimed: 'alice',
  usernameUnclaimed: 'noonewouldeverusethis7',
};
const served = {
  sites: {
    Romeo: romeo,
    'Romeo Mirror': { ...romeo, urlMain: 'https://romeo-mirror.test/', mirrors: [] },
    Sierra: { ...sierra, encoding: undefined },
  },
};
const searched = { sites: { Romeo: romeo, Sierra: sierra } };

// GBK bytes: 用户资料 (profile) and 用户不存在 (no such user).
const GBK_PROFILE = Buffer.from([0xd3, 0xc3, 0xbb, 0xa7, 0xd7, 0xca, 0xc1, 0xcf]);
const GBK_MISSING = Buffer.from([0xd3, 0xc3, 0xbb, 0xa7, 0xb2, 0xbb, 0xb4, 0xe6, 0xd4, 0xda]);

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: [{ format: 'maigret', data: served }] });
  for (const host of internet.hosts()) internet.register(host, REGISTERED);
  for (const [name, body] of [
    ['alice', GBK_PROFILE],
    ['nobody', GBK_MISSING],
  ] as const) {
    internet.route('sierra.test', `/u/${name}`, () => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: Buffer.concat([Buffer.from('<html><body>'), body, Buffer.from('</body></html>')]),
    }));
  }
});
afterAll(async () => {
  await internet?.close();
});
// A fresh engine per test: no connection kept alive from an earlier test hides a fault's first effect.
beforeEach(async () => {
  const checks = loadCatalogue(JSON.stringify(searched), { format: 'maigret' });
  engine = await createEngine({
    checks,
    connect: internet.connect,
    allowPrivateAddresses: true,
    dataDir: await tempDir(),
    timeoutMs: 3_000,
  });
});
afterEach(async () => {
  await engine.close();
  for (const host of internet.hosts()) internet.fault(host, null);
  internet.log.reset();
});

async function romeoFor(username: string): Promise<SiteResult> {
  const [result] = await collect(engine, username, { sites: ['Romeo'] });
  return result as SiteResult;
}

describe('Maigret mirrors', () => {
  it('never asks a mirror while the main server answers', async () => {
    expect(await romeoFor(REGISTERED)).toMatchObject({
      verdict: 'found',
      url: `https://romeo.test/members/${REGISTERED}`,
    });
    expect(internet.log.count('romeo-mirror.test')).toBe(0);
  });

  it.each([
    [{ kind: 'unknown_host' }, 'dns'],
    [{ kind: 'status', status: 503 }, 'http_error'],
    [{ kind: 'waf', vendor: 'cloudflare' }, 'blocked'],
    [{ kind: 'reset' }, 'network'],
  ] as const)('asks the mirror when the main server fails with %o', async (fault, reason) => {
    internet.fault('romeo.test', fault);
    const found = await romeoFor(REGISTERED);
    expect(found).toMatchObject({ verdict: 'found', url: `https://romeo-mirror.test/members/${REGISTERED}` });
    expect(found.evidence.detail).toContain(
      `answered by the mirror https://romeo-mirror.test/ (the main server: ${reason})`,
    );
    expect(found.evidence.finalUrl).toBe(`https://romeo-mirror.test/members/${REGISTERED}`);
    expect(await romeoFor(randomUsername())).toMatchObject({ verdict: 'not_found' });
  });

  it('keeps the main failure when the mirror fails too, saying so', async () => {
    internet.fault('romeo.test', { kind: 'status', status: 503 });
    internet.fault('romeo-mirror.test', { kind: 'waf', vendor: 'ddos-guard' });
    const result = await romeoFor(REGISTERED);
    expect(result).toMatchObject({
      verdict: 'unknown',
      reason: 'http_error',
      url: `https://romeo.test/members/${REGISTERED}`,
    });
    expect(result.evidence.detail).toContain('mirrors failed too (https://romeo-mirror.test/: blocked)');
  });

  it('does not ask a mirror once the time budget is spent', async () => {
    internet.fault('romeo.test', { kind: 'hang' });
    expect(await romeoFor(REGISTERED)).toMatchObject({ verdict: 'unknown', reason: 'timeout' });
    expect(internet.log.count('romeo-mirror.test')).toBe(0);
  });
});

describe('Maigret encoding', () => {
  it('decodes the answer with the forced charset', async () => {
    const [found] = await collect(engine, 'alice', { sites: ['Sierra'] });
    expect(found).toMatchObject({ verdict: 'found' });
    const [missing] = await collect(engine, 'nobody', { sites: ['Sierra'] });
    expect(missing).toMatchObject({ verdict: 'not_found' });
  });
});
