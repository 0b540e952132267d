import { describe, expect, it } from 'vitest';
import { loadMaigret, mergeEngine } from '../catalogue/load-maigret.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { judge } from './judge.ts';
import { prepareRequest } from './prepare-request.ts';
import type { MaigretRule } from './types.ts';

function res(status: number, body = '', headers: Record<string, string> = {}): CheckResponse {
  return { status, body, headers, finalUrl: 'https://m.test/u/x', redirects: 0, truncated: false };
}

const ENGINES = {
  Forum: {
    name: 'Forum',
    site: {
      checkType: 'message',
      ignore403: true,
      absenceStrs: ['member not found'],
      presenseStrs: ['memberHeader'],
      errors: { 'You have been banned': 'IP ban' },
      url: '{urlMain}{urlSubpath}/members/?username={username}',
    },
    presenseStrs: ['ForumSoftware'],
  },
};

function site(entry: Record<string, unknown>, engines: Record<string, unknown> = ENGINES): SiteCheck {
  const [check] = loadMaigret({
    sites: {
      M: {
        urlMain: 'https://m.test',
        usernameClaimed: 'a',
        usernameUnclaimed: 'noonewould',
        tags: ['forum', 'us'],
        ...entry,
      },
    },
    engines,
    tags: [],
  });
  return check!;
}

describe('Maigret engine templates (update_from_engine)', () => {
  it('appends lists, merges dicts (engine wins), overwrites scalars', () => {
    expect(
      mergeEngine(
        { absenceStrs: ['own'], errors: { a: 'site', b: 'site' }, checkType: 'status_code' },
        { absenceStrs: ['eng'], errors: { b: 'engine' }, checkType: 'message' },
      ),
    ).toEqual({ absenceStrs: ['own', 'eng'], errors: { a: 'site', b: 'engine' }, checkType: 'message' });
  });
  it('formats the engine url with urlMain/urlSubpath and collapses slashes', () => {
    const check = site({ engine: 'Forum', urlMain: 'https://m.test/', urlSubpath: '/forum', absenceStrs: ['gone'] });
    expect(check.profileUrl).toBe('https://m.test/forum/members/?username={username}');
    const rule = check.rule as MaigretRule;
    expect(rule.absenceStrs).toEqual(['gone', 'member not found']);
    expect(rule.presenceStrs).toEqual(['memberHeader']);
    expect(rule.ignore403).toBe(true);
    expect(rule.errors).toEqual({ 'You have been banned': 'IP ban' });
    expect(rule.engine).toBe('Forum');
  });
  it('keeps a site with an unknown engine as unsupported', () => {
    expect(site({ engine: 'Nope', url: 'https://m.test/{username}' }).unsupported?.detail).toContain('Nope');
  });
});

describe('Maigret message: presence AND NOT absence', () => {
  const check = site({
    url: '{urlMain}/u/{username}',
    checkType: 'message',
    presenseStrs: ['profile-card'],
    absenceStrs: ['not found'],
  });
  it('decides by presence and absence', () => {
    expect(judge(check, res(200, '<div class="profile-card">'))).toMatchObject({ verdict: 'found' });
    expect(judge(check, res(200, 'profile-card but not found'))).toMatchObject({ verdict: 'not_found' });
    // Neither string: neither the profile nor the site's not-found page (decision 100; Maigret: not found).
    expect(judge(check, res(200, 'nothing here'))).toMatchObject({
      verdict: 'unknown',
      reason: 'unexpected_response',
      rule: expect.stringContaining('lacks every presence string and no absence string either'),
    });
  });
  it('assumes presence for a non-empty body when no presence strings are listed', () => {
    const absenceOnly = site({ url: '{urlMain}/u/{username}', checkType: 'message', absenceStrs: ['not found'] });
    expect(judge(absenceOnly, res(200, 'hello'), 'bob')).toMatchObject({ verdict: 'found' });
    expect(judge(absenceOnly, res(200, ''), 'bob')).toMatchObject({
      verdict: 'unknown',
      rule: expect.stringContaining('empty body'),
    });
    expect(judge(absenceOnly, res(200, 'hello'), 'юзер')).toMatchObject({ verdict: 'unknown' });
    expect(judge(absenceOnly, res(200, 'hello юзер'), 'юзер')).toMatchObject({ verdict: 'found' });
  });
  it('honours the correctly spelled presenceStrs that Maigret ignores', () => {
    const spelled = site({
      url: '{urlMain}/u/{username}',
      checkType: 'message',
      presenceStrs: ['profile__header'],
      absenceStrs: ['404'],
    });
    expect((spelled.rule as MaigretRule).presenceStrs).toEqual(['profile__header']);
    expect(judge(spelled, res(200, 'some other page'))).toMatchObject({ verdict: 'unknown' });
    expect(judge(spelled, res(404, 'Error 404'))).toMatchObject({ verdict: 'not_found' });
    expect(judge(spelled, res(200, 'profile__header'))).toMatchObject({ verdict: 'found' });
  });
  it('site errors map → site_error; COMMON_ERRORS → blocked; 403 → http_error; 5xx → http_error; 999 is not an error', () => {
    const withErrors = site({
      url: '{urlMain}/u/{username}',
      checkType: 'message',
      errors: { 'Rate limit': 'too many requests' },
    });
    expect(judge(withErrors, res(200, 'Rate limit exceeded'))).toMatchObject({
      verdict: 'unknown',
      reason: 'site_error',
      detail: 'too many requests',
    });
    expect(judge(check, res(200, '<title>Attention Required! | Cloudflare</title>'))).toMatchObject({
      reason: 'blocked',
    });
    expect(judge(check, res(200, 'x Incapsula incident ID y'))).toMatchObject({
      reason: 'blocked',
      detail: 'Imperva Incapsula',
    });
    expect(judge(check, res(403, 'profile-card'))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    expect(judge(check, res(500, 'profile-card'))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    expect(judge(check, res(999, 'profile-card'))).toMatchObject({ verdict: 'found' });
    expect(judge(check, res(429, 'profile-card'))).toMatchObject({ reason: 'rate_limited' });
  });
  it('ignore403 lets a 403 page be judged', () => {
    const ignoring = site({
      url: '{urlMain}/u/{username}',
      checkType: 'message',
      ignore403: true,
      presenseStrs: ['member-card'],
    });
    expect(judge(ignoring, res(403, 'member-card'))).toMatchObject({ verdict: 'found' });
  });
});

describe('Maigret status_code', () => {
  it('follows redirects, GET by default, HEAD only with requestHeadOnly', () => {
    const check = site({ url: '{urlMain}/u/{username}', checkType: 'status_code' });
    expect(check.request).toMatchObject({ method: 'GET', followRedirects: true });
    expect(
      site({ url: '{urlMain}/u/{username}', checkType: 'status_code', requestHeadOnly: true }).request.method,
    ).toBe('HEAD');
    expect(judge(check, res(200))).toMatchObject({ verdict: 'found' });
    expect(judge(check, res(404))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check, res(403))).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
  });
  it('marks similarSearch hits in the rule', () => {
    const check = site({ url: '{urlMain}/search?q={username}', checkType: 'status_code', similarSearch: true });
    expect(judge(check, res(200)).rule).toContain('search hit');
  });
});

describe('Maigret response_url', () => {
  const check = site({ url: '{urlMain}/u/{username}', checkType: 'response_url', presenseStrs: ['member-card'] });
  it('needs 2xx and presence; redirects are not followed', () => {
    expect(check.request.followRedirects).toBe(false);
    expect(judge(check, res(200, 'member-card'))).toMatchObject({ verdict: 'found' });
    expect(judge(check, res(200, 'other'))).toMatchObject({ verdict: 'not_found' });
    expect(judge(check, res(302, '', { location: '/' }))).toMatchObject({ verdict: 'not_found' });
  });
  it('honours errorUrl, which Maigret ignores', () => {
    const withError = site({
      url: '{urlMain}/u/{username}',
      checkType: 'response_url',
      errorUrl: 'https://m.test/404.html',
    });
    expect(judge(withError, res(302, '', { location: 'https://m.test/404.html' }), 'bob')).toMatchObject({
      verdict: 'not_found',
    });
    expect(judge(withError, res(302, '', { location: 'https://m.test/home' }), 'bob')).toMatchObject({
      verdict: 'unknown',
      reason: 'unexpected_response',
    });
  });
});

describe('Maigret requests', () => {
  it('urlProbe is requested, url is the profile', () => {
    const prepared = prepareRequest(
      site({ url: '{urlMain}/u/{username}', urlProbe: '{urlMain}/api/{username}.json', checkType: 'status_code' }),
      'bob',
    );
    expect(prepared).toMatchObject({
      ok: true,
      profileUrl: 'https://m.test/u/bob',
      request: { url: 'https://m.test/api/bob.json' },
    });
  });
  it('POST payload: JSON by default with {{ }} unescaped, form for the exact form content type', () => {
    const json = site({
      url: '{urlMain}/u/{username}',
      checkType: 'message',
      requestMethod: 'post',
      requestPayload: { query: '{{ user(name: "{username}") {{ id }} }}', n: 5 },
    });
    const preparedJson = prepareRequest(json, 'bob');
    expect(preparedJson.ok && JSON.parse(preparedJson.request.body!)).toEqual({
      query: '{ user(name: "bob") { id } }',
      n: 5,
    });
    expect(preparedJson.ok && preparedJson.request.headers['Content-Type']).toBe('application/json');
    const form = site({
      url: '{urlMain}/u/{username}',
      checkType: 'message',
      requestMethod: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      requestPayload: { 'user name': '{username}' },
    });
    expect(prepareRequest(form, 'a&b')).toMatchObject({
      ok: true,
      request: { body: 'user+name=a%26b', method: 'POST' },
    });
  });
  it('payload is not sent for GET', () => {
    const check = site({ url: '{urlMain}/u/{username}', checkType: 'message', requestPayload: { a: '{username}' } });
    expect(check.request.body).toBeUndefined();
  });
});

describe('Maigret entries Hound cannot check are kept with a reason', () => {
  it.each([
    [{ protocol: 'dns', url: '{username}.com' }, 'protocol "dns"'],
    [{ protocol: 'tor', url: 'http://x.onion/{username}', checkType: 'status_code' }, 'Tor'],
    [{ type: 'gaia_id', url: '{urlMain}/{username}', checkType: 'status_code' }, 'identifier type "gaia_id"'],
    [
      { activation: { method: 'twitter' }, url: '{urlMain}/{username}', checkType: 'status_code' },
      'activation flow "twitter"',
    ],
    [{ protection: ['tls_fingerprint'], url: '{urlMain}/{username}', checkType: 'status_code' }, 'TLS fingerprint'],
    [{ requestMethod: 'PATCH', url: '{urlMain}/{username}', checkType: 'status_code' }, 'PATCH'],
    [{ url: '{urlMain}/{username}', checkType: 'weird' }, 'checkType'],
  ])('%j', (entry, detail) => {
    const check = site(entry);
    expect(check.unsupported?.reason).toBe('unsupported_check');
    expect(check.unsupported?.detail).toContain(detail);
    expect(prepareRequest(check, 'bob')).toMatchObject({ ok: false, reason: 'unsupported_check' });
  });
  it('disabled sites are kept disabled', () => {
    const check = site({ url: '{urlMain}/{username}', checkType: 'status_code', disabled: true });
    expect(check.disabled).toBe(true);
    expect(check.unsupported).toBeUndefined();
    expect(prepareRequest(check, 'bob')).toMatchObject({ ok: false, reason: 'disabled' });
  });
  it('cf_js_challenge is informational: still checkable', () => {
    const check = site({ url: '{urlMain}/{username}', checkType: 'status_code', protection: ['cf_js_challenge'] });
    expect(check.unsupported).toBeUndefined();
    expect(check.protection).toEqual(['cf_js_challenge']);
  });
});

describe('Maigret mirrors and encoding', () => {
  it('rebuilds the templates on each mirror base that changes the request, in catalogue order', () => {
    const check = site({
      urlMain: 'https://m.test/',
      url: '{urlMain}forum/profile.php?u={username}',
      checkType: 'message',
      absenceStrs: ['gone'],
      mirrors: ['https://m.test/', 'http://10.0.0.9/', 'http://10.0.0.9/', 'ftp://m.test/', 42],
    });
    expect(check.mirrors).toEqual([
      {
        base: 'http://10.0.0.9/',
        url: 'http://10.0.0.9/forum/profile.php?u={username}',
        profileUrl: 'http://10.0.0.9/forum/profile.php?u={username}',
      },
    ]);
  });
  it('puts mirrors into urlProbe too, and gives a response_url check none', () => {
    const probed = site({
      url: '{urlMain}/u/{username}',
      urlProbe: '{urlMain}/api/{username}',
      checkType: 'status_code',
      mirrors: ['https://n.test'],
    });
    expect(probed.mirrors).toEqual([
      { base: 'https://n.test', url: 'https://n.test/api/{username}', profileUrl: 'https://n.test/u/{username}' },
    ]);
    const redirect = site({ url: '{urlMain}/u/{username}', checkType: 'response_url', mirrors: ['https://n.test'] });
    expect(redirect.mirrors).toBeUndefined();
  });
  it('an absolute url gives no mirrors (no base to swap)', () => {
    const check = site({ url: 'https://m.test/u/{username}', checkType: 'status_code', mirrors: ['https://n.test'] });
    expect(check.mirrors).toBeUndefined();
  });
  it('forces the response charset, and keeps an unknown one as unsupported', () => {
    const check = site({ url: '{urlMain}/u/{username}', checkType: 'status_code', encoding: 'GBK' });
    expect(check.request.responseCharset).toBe('gbk');
    const prepared = prepareRequest(check, 'alice');
    expect(prepared.ok && prepared.request.responseCharset).toBe('gbk');
    const bad = site({ url: '{urlMain}/u/{username}', checkType: 'status_code', encoding: 'klingon-8' });
    expect(bad.unsupported?.detail).toBe('response encoding "klingon-8" is not supported');
  });
});
