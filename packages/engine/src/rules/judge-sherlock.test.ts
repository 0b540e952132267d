import { describe, expect, it } from 'vitest';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { judge } from './judge.ts';
import { prepareRequest } from './prepare-request.ts';

function res(
  status: number,
  body = '',
  headers: Record<string, string> = {},
  finalUrl = 'https://s.test/x',
): CheckResponse {
  return { status, body, headers, finalUrl, redirects: 0, truncated: false };
}

function site(entry: Record<string, unknown>): SiteCheck {
  const [check] = loadSherlock({
    S: { url: 'https://s.test/{}', urlMain: 'https://s.test/', username_claimed: 'a', ...entry },
  });
  return check!;
}

describe('Sherlock message (absence-only)', () => {
  const check = site({ errorType: 'message', errorMsg: ['No such user', 'Gone'] });
  it('body without errorMsg is found', () => {
    expect(judge(check, res(200, '<h1>alice</h1>'))).toMatchObject({ verdict: 'found', format: 'sherlock' });
  });
  it('any errorMsg means not_found', () => {
    expect(judge(check, res(200, 'x Gone x'))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check, res(404, 'No such user'))).toMatchObject({ verdict: 'not_found' });
  });
  it('403/5xx without errorMsg is unknown http_error, not found', () => {
    expect(judge(check, res(403, 'denied'))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    expect(judge(check, res(502, 'bad gateway'))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
  });
  it('block pages and 429 are unknown', () => {
    expect(judge(check, res(200, '<span id="challenge-error-text">'))).toMatchObject({
      verdict: 'unknown',
      reason: 'blocked',
      detail: 'Cloudflare',
    });
    expect(judge(check, res(429, 'slow down'))).toMatchObject({ verdict: 'unknown', reason: 'rate_limited' });
  });
  it('uses GET and follows redirects', () => {
    expect(check.request).toMatchObject({ method: 'GET', followRedirects: true });
  });
});

describe('Sherlock status_code', () => {
  const check = site({ errorType: 'status_code', errorCode: 204 });
  it('defaults to HEAD', () => expect(check.request.method).toBe('HEAD'));
  it('2xx is found, non-2xx and errorCode are not_found', () => {
    expect(judge(check, res(200))).toMatchObject({ verdict: 'found' });
    expect(judge(check, res(404))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check, res(204))).toMatchObject({ verdict: 'not_found', rule: expect.stringContaining('errorCode') });
  });
  it('403, 5xx and 405-to-HEAD are unknown, never not_found', () => {
    for (const status of [403, 500, 503, 405]) {
      expect(judge(check, res(status))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    }
  });
  it('a HEAD request sees block pages through headers', () => {
    expect(judge(check, res(403, '', { 'cf-mitigated': 'challenge' }))).toMatchObject({ reason: 'blocked' });
  });
  it('an explicit request_method wins', () => {
    expect(site({ errorType: 'status_code', request_method: 'GET' }).request.method).toBe('GET');
  });
});

describe('Sherlock response_url', () => {
  const check = site({ errorType: 'response_url' });
  it('does not follow redirects; 2xx found, 3xx/4xx not_found', () => {
    expect(check.request.followRedirects).toBe(false);
    expect(judge(check, res(200, 'hi'))).toMatchObject({ verdict: 'found' });
    expect(judge(check, res(302, '', { location: '/' }))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check, res(404))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check, res(503))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
  });
  it('honours errorUrl: redirect there is not_found, elsewhere unknown', () => {
    const withError = site({
      errorType: 'response_url',
      url: 'https://s.test/u/{}',
      errorUrl: 'https://s.test/missing?name={}',
    });
    const there = res(302, '', { Location: 'https://www.s.test/missing/?name=bob' }, 'https://s.test/u/bob');
    expect(
      judge(withError, res(302, '', { Location: '/missing?name=bob' }, 'https://s.test/u/bob'), 'bob'),
    ).toMatchObject({
      verdict: 'not_found',
      rule: expect.stringContaining('errorUrl'),
    });
    expect(judge(withError, there, 'bob')).toMatchObject({ verdict: 'not_found' });
    expect(judge(withError, res(302, '', { location: 'https://s.test/home' }), 'bob')).toMatchObject({
      verdict: 'unknown',
      reason: 'unexpected_response',
    });
  });
  it('ignores an errorUrl that is just the profile URL (schema filler)', () => {
    const filler = site({ errorType: 'response_url', errorUrl: 'https://s.test/{}' });
    expect(judge(filler, res(301, '', { location: 'https://s.test/elsewhere' }), 'bob')).toMatchObject({
      verdict: 'not_found',
    });
  });
  it('matches `…?param=` errorUrls as a prefix', () => {
    const wp = site({ errorType: 'response_url', url: 'https://{}.wp.test/', errorUrl: 'wp.test/typo/?subdomain=' });
    expect(judge(wp, res(302, '', { location: 'https://wp.test/typo/?subdomain=bob' }), 'bob')).toMatchObject({
      verdict: 'not_found',
    });
    // A schemeless errorUrl may also be meant relative to the requested URL, as a Location header would be.
    const relative = res(302, '', { location: 'wp.test/typo/?subdomain=' }, 'https://bob.wp.test/');
    expect(judge(wp, relative, 'bob')).toMatchObject({ verdict: 'not_found' });
    expect(judge(wp, res(302, '', { location: 'https://wp.test/login' }), 'bob')).toMatchObject({ verdict: 'unknown' });
  });
});

describe('Sherlock list errorType is AND-chained', () => {
  const check = site({ errorType: ['message', 'status_code'], errorMsg: 'missing' });
  it('found only when every type passes', () => {
    expect(judge(check, res(200, 'profile'))).toMatchObject({
      verdict: 'found',
      rule: expect.stringContaining(' and '),
    });
    expect(judge(check, res(404, 'profile'))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check, res(200, 'missing'))).toMatchObject({ verdict: 'not_found' });
  });
  it('uses GET and follows redirects (upstream compares the raw field)', () => {
    expect(check.request).toMatchObject({ method: 'GET', followRedirects: true });
  });
});

describe('Sherlock request construction', () => {
  it('sends request_payload as JSON with {} interpolated recursively, to urlProbe', () => {
    const check = site({
      errorType: 'status_code',
      request_method: 'POST',
      urlProbe: 'https://api.s.test/graphql',
      request_payload: { query: 'q', variables: { name: '{}', list: ['{}'] } },
    });
    const prepared = prepareRequest(check, 'bob');
    expect(prepared).toMatchObject({ ok: true, profileUrl: 'https://s.test/bob' });
    if (!prepared.ok) return;
    expect(prepared.request.url).toBe('https://api.s.test/graphql');
    expect(prepared.request.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(prepared.request.body!)).toEqual({ query: 'q', variables: { name: 'bob', list: ['bob'] } });
  });
  it('translates regexCheck and keeps search semantics', () => {
    const check = site({ errorType: 'status_code', regexCheck: '^[\\w-]{,5}$' });
    expect(check.usernamePattern).toBe('^[\\p{L}\\p{N}_\\-]{0,5}$');
    expect(prepareRequest(check, 'jörg').ok).toBe(true);
    expect(prepareRequest(check, 'toolong').ok).toBe(false);
    const unanchored = site({ errorType: 'status_code', regexCheck: '[a-z]{3}' });
    expect(prepareRequest(unanchored, '__abc__').ok).toBe(true);
  });
  it('keeps entries it cannot check, with a reason', () => {
    expect(site({ errorType: 'bogus' }).unsupported?.detail).toContain('bogus');
    expect(site({ errorType: 'message', request_method: 'PATCH' }).unsupported?.detail).toContain('PATCH');
    expect(loadSherlock({ Broken: 'x' })[0]?.unsupported?.detail).toContain('malformed');
  });
});
