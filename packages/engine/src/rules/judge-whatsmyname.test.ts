import { describe, expect, it } from 'vitest';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { judge } from './judge.ts';
import { prepareRequest } from './prepare-request.ts';

function res(status: number, body = ''): CheckResponse {
  return { status, body, headers: {}, finalUrl: 'https://w.test/u/x', redirects: 0, truncated: false };
}

function site(entry: Record<string, unknown>): SiteCheck {
  const [check] = loadWhatsMyName({
    sites: [
      {
        name: 'W',
        uri_check: 'https://w.test/u/{account}',
        e_code: 200,
        e_string: 'Profile of',
        m_code: 404,
        m_string: 'Not here',
        known: ['a', 'b'],
        cat: 'social',
        ...entry,
      },
    ],
  });
  return check!;
}

describe('WhatsMyName: code AND string, no redirects', () => {
  const check = site({});
  it('decides only when code and string agree', () => {
    expect(check.request.followRedirects).toBe(false);
    expect(judge(check, res(200, 'Profile of bob'))).toMatchObject({ verdict: 'found' });
    expect(judge(check, res(404, 'Not here'))).toMatchObject({ verdict: 'not_found' });
  });
  it('a matching code without its string is unknown unexpected_response', () => {
    expect(judge(check, res(200, 'something else'))).toMatchObject({
      verdict: 'unknown',
      reason: 'unexpected_response',
    });
    expect(judge(check, res(404, 'other 404'))).toMatchObject({ verdict: 'unknown', reason: 'unexpected_response' });
  });
  it('a code matching neither is unknown http_error; 403/5xx/3xx never decide', () => {
    for (const status of [301, 403, 500])
      expect(judge(check, res(status, 'Profile of'))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
  });
  it('block pages and 429 are unknown', () => {
    expect(judge(check, res(200, 'Profile of <title>DDoS-Guard</title>'))).toMatchObject({
      reason: 'blocked',
      detail: 'DDoS-Guard',
    });
    expect(judge(check, res(429))).toMatchObject({ reason: 'rate_limited' });
  });
  it('empty m_string means a code-only missing check', () => {
    const codeOnly = site({ m_code: 302, m_string: '' });
    expect(judge(codeOnly, res(302))).toMatchObject({ verdict: 'not_found' });
  });
  it('equal codes: the non-empty string decides', () => {
    const sameCode = site({ m_code: 200, m_string: '' });
    expect(judge(sameCode, res(200, 'Profile of'))).toMatchObject({ verdict: 'found' });
    expect(judge(sameCode, res(200, 'nothing'))).toMatchObject({ verdict: 'not_found' });
    const both = site({ m_code: 200, m_string: 'Not here' });
    expect(judge(both, res(200, 'Profile of ... Not here'))).toMatchObject({
      verdict: 'unknown',
      reason: 'unexpected_response',
    });
  });
  it('empty e_string means code-only found', () => {
    expect(judge(site({ e_string: '', e_code: 302 }), res(302))).toMatchObject({ verdict: 'found' });
  });
  it('an entry that cannot tell found from missing is unsupported', () => {
    expect(site({ m_code: 200, m_string: 'Profile of' }).unsupported?.reason).toBe('unsupported_check');
  });
});

describe('WhatsMyName requests', () => {
  it('POST bodies use the entry headers and the matching encoding', () => {
    const json = site({
      uri_check: 'https://w.test/api',
      uri_pretty: 'https://w.test/u/{account}',
      post_body: '{"username":"{account}"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(prepareRequest(json, 'a"b')).toMatchObject({
      ok: true,
      profileUrl: 'https://w.test/u/a%22b',
      request: { method: 'POST', body: '{"username":"a\\"b"}', headers: { 'Content-Type': 'application/json' } },
    });
    const form = site({
      uri_check: 'https://w.test/api',
      post_body: 'name={account}&x=1',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    });
    expect(prepareRequest(form, 'a&x=2')).toMatchObject({ ok: true, request: { body: 'name=a%26x%3D2&x=1' } });
  });
  it('strip_bad_char removes characters before placing', () => {
    expect(prepareRequest(site({ strip_bad_char: '.' }), 'j.doe')).toMatchObject({
      ok: true,
      request: { url: 'https://w.test/u/jdoe' },
    });
  });
  it('valid:false is disabled; NSFW category is nsfw', () => {
    expect(site({ valid: false }).disabled).toBe(true);
    expect(site({ cat: 'xx NSFW xx' }).nsfw).toBe(true);
  });
});
