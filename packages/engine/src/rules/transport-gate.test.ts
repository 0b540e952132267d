import { describe, expect, it } from 'vitest';
import { loadHound } from '../catalogue/load-hound.ts';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { judge } from './judge.ts';

// docs/decisions/100-unknown-on-unlisted-pages.md, item 3: a redirect off the site, to a non-web scheme,
// back to itself, to a login or human check, a page that only forwards by script, or an image where a
// page was expected can never be "missing" (nor "found"), whichever rule reads it.

const PAGE = 'https://s.test/u/bob';
function res(status: number, body = '', headers: Record<string, string> = {}, extra: Partial<CheckResponse> = {}) {
  return {
    status,
    body,
    headers,
    finalUrl: PAGE,
    redirects: 0,
    truncated: false,
    method: 'GET',
    ...extra,
  } as CheckResponse;
}
const redirect = (location: string) => res(302, '', { location });
const sherlock = (entry: Record<string, unknown>): SiteCheck =>
  loadSherlock({ S: { url: 'https://s.test/u/{}', urlMain: 'https://s.test/', username_claimed: 'a', ...entry } })[0]!;
const maigret = (entry: Record<string, unknown>): SiteCheck =>
  loadMaigret({
    sites: { M: { url: 'https://s.test/u/{username}', urlMain: 'https://s.test', usernameClaimed: 'a', ...entry } },
  })[0]!;
const wmn = (entry: Record<string, unknown>): SiteCheck =>
  loadWhatsMyName({
    sites: [
      {
        name: 'W',
        uri_check: 'https://s.test/u/{account}',
        e_code: 200,
        e_string: 'profile-card',
        m_code: 302,
        m_string: '',
        known: ['a'],
        cat: 'x',
        ...entry,
      },
    ],
  })[0]!;
const hound = (notFound: Record<string, unknown>): SiteCheck =>
  loadHound({
    format: 'hound',
    version: 1,
    sites: [
      {
        name: 'H',
        profileUrl: 'https://s.test/u/{username}',
        knownClaimed: ['alice'],
        request: { followRedirects: false },
        found: 'otherwise',
        notFound,
      },
    ],
  })[0]!;

/** Rules for which any redirect (within the site) reads as "missing". */
const REDIRECT_MEANS_MISSING: Array<[string, SiteCheck]> = [
  ['Sherlock response_url without errorUrl', sherlock({ errorType: 'response_url' })],
  ['Maigret response_url', maigret({ checkType: 'response_url' })],
  ['Maigret status_code (3xx left)', maigret({ checkType: 'status_code' })],
  ['Sherlock status_code (3xx left)', sherlock({ errorType: 'status_code' })],
  ['WhatsMyName m_code 302', wmn({})],
  ['Hound 3xx means missing', hound({ status: ['3xx'] })],
];

describe.each(REDIRECT_MEANS_MISSING)('redirects on %s', (_name, check) => {
  it('a redirect within the site stays the rule\'s "missing"', () => {
    expect(judge(check, redirect('/?missing=1'), 'bob').verdict).toBe('not_found');
  });
  it.each<[string, string, string]>([
    ['another site', 'https://parking-lot.example/?domain=s.test', 'unexpected_response'],
    ['a non-web scheme', 'intent://open/u/bob#Intent;scheme=app;end', 'unexpected_response'],
    ['a custom app scheme', 'sapp://profile/bob', 'unexpected_response'],
    ['a data: URL', 'data:text/html,<p>hi</p>', 'unexpected_response'],
    ['itself (a loop)', PAGE, 'redirect_loop'],
    ['a login page', '/account/signin?next=%2Fu%2Fbob', 'login_wall'],
    ['a human check', '/captcha/?return=%2Fu%2Fbob', 'blocked'],
    ['Google-style /sorry/', '/sorry/index?continue=x', 'blocked'],
    ['an unusable Location', 'http://[bad', 'unexpected_response'],
  ])('a redirect to %s is unknown', (_what, location, reason) => {
    const outcome = judge(check, redirect(location), 'bob');
    expect(outcome, outcome.rule).toMatchObject({ verdict: 'unknown', reason });
  });
});

describe("the catalogue's own not-found target decides", () => {
  it('Sherlock errorUrl on another host of the site, or declared off-site, is not_found', () => {
    const check = sherlock({ errorType: 'response_url', errorUrl: 'https://errors.s-cdn.test/404?u={}' });
    expect(judge(check, redirect('https://errors.s-cdn.test/404?u=bob'), 'bob').verdict).toBe('not_found');
    expect(judge(check, redirect('https://s.test/elsewhere'), 'bob')).toMatchObject({
      verdict: 'unknown',
      reason: 'unexpected_response',
    });
  });
  it("a Hound redirectTo off the site is the site's declared target", () => {
    const check = hound({ status: ['3xx'], redirectTo: 'https://gone.s-cdn.test/{username}' });
    expect(judge(check, redirect('https://gone.s-cdn.test/bob'), 'bob').verdict).toBe('not_found');
  });
});

const PAGE_RULES: Array<[string, SiteCheck]> = [
  ['Sherlock status_code', sherlock({ errorType: 'status_code' })],
  ['Sherlock message', sherlock({ errorType: 'message', errorMsg: 'No such user' })],
  ['Maigret status_code', maigret({ checkType: 'status_code' })],
  ['Maigret message (no presence strings)', maigret({ checkType: 'message', absenceStrs: ['No such user'] })],
  ['WhatsMyName code only', wmn({ e_string: '', m_code: 404 })],
];

describe.each(PAGE_RULES)('content on %s', (_name, check) => {
  it.each([
    ['image/png', 200],
    ['image/jpeg', 404],
    ['application/octet-stream', 200],
    ['video/mp4', 200],
    ['application/pdf', 200],
  ])('a %s answer (status %i) at a page URL is unknown', (type, status) => {
    const outcome = judge(check, res(status, '\u0089PNG\r\n\u001a\n\u0000\u0000', { 'content-type': type }), 'bob');
    expect(outcome, outcome.rule).toMatchObject({ verdict: 'unknown', reason: 'unexpected_response' });
    expect(outcome.rule).toContain(type);
  });
  it('an image at an image URL is what the check asked for', () => {
    const outcome = judge(
      check,
      res(200, 'GIF89a', { 'content-type': 'image/gif' }, { finalUrl: 'https://s.test/avatars/bob.gif' }),
      'bob',
    );
    expect(outcome.verdict).toBe('found');
  });
  it('a meta refresh to a login page is a login wall; a script hop to a human check is blocked', () => {
    const meta = res(
      200,
      '<html><head><meta http-equiv="refresh" content="0; url=/members/login?back=/u/bob"><title>bob</title></head><body>Redirecting…</body></html>',
      { 'content-type': 'text/html' },
    );
    expect(judge(check, meta, 'bob')).toMatchObject({ verdict: 'unknown', reason: 'login_wall' });
    const script = res(
      200,
      '<html><body><script>window.location.replace("/human-check?r=" + encodeURIComponent(location.pathname))</script></body></html>',
      { 'content-type': 'text/html' },
    );
    expect(judge(check, script, 'bob')).toMatchObject({ verdict: 'unknown', reason: 'blocked' });
  });
  it('a near-empty page that only forwards elsewhere is unknown; a real page with a script hop is judged', () => {
    const hop = res(200, '<html><script>location.href="https://s.test/app#/u/bob"</script></html>', {
      'content-type': 'text/html',
    });
    expect(judge(check, hop, 'bob')).toMatchObject({ verdict: 'unknown', reason: 'unexpected_response' });
    const words = 'Bob writes about gardening, bicycles and bread. '.repeat(12);
    const page = res(
      200,
      `<html><head><title>bob</title></head><body><h1>bob</h1><p>${words}</p><a onclick="location.href='/u/bob/followers'">followers</a></body></html>`,
      { 'content-type': 'text/html' },
    );
    expect(judge(check, page, 'bob').verdict).toBe('found');
    const handler = res(
      200,
      `<html><head><title>bob</title></head><body><h1>bob</h1><p>${words}</p><button onclick="window.location.href='/login?follow=bob'">Follow</button></body></html>`,
      { 'content-type': 'text/html' },
    );
    expect(judge(check, handler, 'bob').verdict).toBe('found');
  });
});
