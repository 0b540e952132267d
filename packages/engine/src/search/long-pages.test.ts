import { type Internet, startInternet } from '@hound/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HoundEngine } from '../engine.ts';
import { FIXTURE_CATALOGUES } from './fixture-catalogues.ts';
import { byName, collect, fixtureEngine } from './test-helpers.ts';

// Issue 13 item 6 (decision 084): a real page longer than the kept 256 KiB is judged by the rules'
// strings searched while it streams, up to maxScanBytes; past that it is still too_large.

const PAD = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}</p>\n`;
const page = (head: string, tail: string, kib: number) =>
  `<!DOCTYPE html><html><head><title>Profile</title></head><body>${head}${PAD.repeat(Math.ceil((kib * 1024) / PAD.length))}${tail}</body></html>`;

let internet: Internet;
let engine: HoundEngine;
beforeAll(async () => {
  internet = await startInternet({ catalogues: FIXTURE_CATALOGUES });
  engine = await fixtureEngine(internet, { timeoutMs: 5_000 });
  const html = { 'content-type': 'text/html; charset=utf-8' };
  // Maigret presence string and the username far down a 600 KiB page; a missing page with its marker at the end.
  internet.route('kilo-message.test', '/user/longalice', () => ({
    status: 200,
    headers: html,
    body: page('', '<div class="user-header"><h1>longalice</h1></div>', 600),
  }));
  internet.route('kilo-message.test', '/user/longbob', () => ({
    status: 200,
    headers: html,
    body: page('', '<p>User does not exist</p>', 600),
  }));
  // Sherlock absence-only: a long profile, and a long page whose errorMsg sits past the kept part.
  internet.route('bravo-message.test', '/members/longalice', () => ({
    status: 200,
    headers: html,
    body: page('<h1>longalice</h1>', '', 900),
  }));
  internet.route('bravo-message.test', '/members/longbob', () => ({
    status: 200,
    headers: html,
    body: page('', '<p>No such member</p>', 900),
  }));
  // WhatsMyName e_string at the end of a 1 MiB page; a 6 MiB page is past the scan limit.
  internet.route('hotel-strings.test', '/profile/longalice', () => ({
    status: 200,
    headers: html,
    body: page('', '<div data-profile-owner="longalice"></div>', 1024),
  }));
  internet.route('hotel-strings.test', '/profile/hugealice', () => ({
    status: 200,
    headers: html,
    body: page('', '<div data-profile-owner="hugealice"></div>', 6 * 1024),
  }));
}, 30_000);
afterAll(async () => {
  await engine?.close();
  await internet?.close();
});

describe('long pages', () => {
  it('a long profile is found, a long "no such user" page is not found', async () => {
    const sites = ['Kilo Message', 'Bravo Message', 'Hotel Strings'];
    const found = await collect(engine, 'longalice', { sites });
    for (const name of sites) expect(byName(found, name), name).toMatchObject({ verdict: 'found' });
    const missing = await collect(engine, 'longbob', { sites: ['Kilo Message', 'Bravo Message'] });
    for (const name of ['Kilo Message', 'Bravo Message']) {
      expect(byName(missing, name), name).toMatchObject({ verdict: 'not_found' });
    }
  });
  it('a page past the scan limit stays too_large', async () => {
    const [result] = await collect(engine, 'hugealice', { sites: ['Hotel Strings'] });
    expect(result).toMatchObject({ verdict: 'unknown', reason: 'too_large' });
  });
});
