import { describe, expect, it } from 'vitest';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadSherlock } from '../catalogue/load-sherlock.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import type { CheckResponse, SiteCheck } from '../model.ts';
import { judge } from './judge.ts';
import { sameSite, wallUrl } from './outcome.ts';

// docs/decisions/082-walls-and-status-gate.md: statuses no rule can read, redirects away from the
// profile, empty answers — unknown with a reason, unless the catalogue names that status as its signal.

function res(status: number, body = '', extra: Partial<CheckResponse> = {}): CheckResponse {
  return {
    status,
    body,
    headers: {},
    finalUrl: 'https://s.test/alice',
    redirects: 0,
    truncated: false,
    method: 'GET',
    ...extra,
  };
}
const sherlock = (entry: Record<string, unknown>): SiteCheck =>
  loadSherlock({ S: { url: 'https://s.test/{}', urlMain: 'https://s.test/', username_claimed: 'a', ...entry } })[0]!;
const maigret = (entry: Record<string, unknown>): SiteCheck =>
  loadMaigret({
    sites: { M: { url: 'https://s.test/{username}', urlMain: 'https://s.test', usernameClaimed: 'a', ...entry } },
  })[0]!;
const wmn = (entry: Record<string, unknown>): SiteCheck =>
  loadWhatsMyName({
    sites: [
      {
        name: 'W',
        uri_check: 'https://s.test/{account}',
        e_code: 200,
        e_string: 'prof',
        m_code: 404,
        m_string: '',
        known: ['a'],
        cat: 'x',
        ...entry,
      },
    ],
  })[0]!;

const message = sherlock({ errorType: 'message', errorMsg: 'No such user' });
const status = sherlock({ errorType: 'status_code' });
const presence = maigret({ checkType: 'message', presenseStrs: ['profile-card'], absenceStrs: ['not found'] });

describe('status gate', () => {
  it.each<[number, string, string]>([
    [401, '<h1>Authorization Required</h1>', 'login_wall'],
    [403, 'Forbidden', 'http_error'],
    [406, 'Not Acceptable!', 'blocked'],
    [407, 'Cache Access Denied', 'http_error'],
    [429, '', 'rate_limited'],
    [451, 'Unavailable', 'region_blocked'],
    [500, 'oops', 'http_error'],
    [503, 'Service Unavailable', 'http_error'],
    [400, 'Rate limit exceeded, try again later', 'rate_limited'],
  ])('%i is unknown %s for message, status_code and presence rules', (code, body, reason) => {
    for (const check of [message, status, presence, wmn({})]) {
      expect(judge(check, res(code, body), 'alice'), `${check.format} ${code}`).toMatchObject({
        verdict: 'unknown',
        reason,
      });
    }
  });
  it('a 400 without throttle wording is read by marker rules; status-only rules read only 404/410 as missing', () => {
    expect(judge(message, res(400, 'No such user'), 'alice')).toMatchObject({ verdict: 'not_found' });
    expect(judge(status, res(400, 'Bad Request'), 'alice')).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    expect(judge(status, res(422, ''), 'alice')).toMatchObject({ verdict: 'unknown', reason: 'http_error' });
    expect(judge(sherlock({ errorType: 'status_code', errorCode: 400 }), res(400, ''), 'alice')).toMatchObject({
      verdict: 'not_found',
    });
  });
  it('a status the catalogue names is its signal', () => {
    expect(judge(sherlock({ errorType: 'status_code', errorCode: 401 }), res(401, ''), 'alice')).toMatchObject({
      verdict: 'not_found',
    });
    expect(judge(wmn({ m_code: 451 }), res(451, 'gone'), 'alice')).toMatchObject({ verdict: 'not_found' });
    expect(judge(maigret({ checkType: 'status_code', ignore403: true }), res(403, 'x'), 'alice')).toMatchObject({
      verdict: 'not_found',
    });
  });
  it('404 and 410 stay "missing"', () => {
    expect(judge(status, res(404, '<form><input type="password"> Sign in</form>'), 'alice')).toMatchObject({
      verdict: 'not_found',
    });
    expect(judge(status, res(410, ''), 'alice')).toMatchObject({ verdict: 'not_found' });
  });
});

describe('redirects that are not the profile', () => {
  const followed = (finalUrl: string) =>
    res(200, '<h1>Welcome</h1>', { finalUrl, redirects: 1, requestUrl: 'https://s.test/alice' });
  it('a login or consent page is a wall, another site is not the profile', () => {
    expect(judge(message, followed('https://s.test/login?next=/alice'), 'alice')).toMatchObject({
      verdict: 'unknown',
      reason: 'login_wall',
    });
    expect(judge(status, followed('https://accounts.s.test/signin'), 'alice')).toMatchObject({ reason: 'login_wall' });
    expect(judge(presence, followed('https://consent.s.test/?continue=x'), 'alice')).toMatchObject({
      reason: 'consent_wall',
    });
    const away = judge(message, followed('http://portal.wifi.test/welcome'), 'alice');
    expect(away).toMatchObject({ verdict: 'unknown', reason: 'unexpected_response' });
    expect(away.rule).toContain('http://portal.wifi.test/welcome');
  });
  it('www, subdomains and the scheme are the same site', () => {
    expect(judge(message, followed('https://www.s.test/alice'), 'alice')).toMatchObject({ verdict: 'found' });
    expect(judge(message, followed('https://alice.s.test/'), 'alice')).toMatchObject({ verdict: 'found' });
    expect(sameSite('a.example.co.uk', 'www.example.co.uk')).toBe(true);
    expect(sameSite('example.co.uk', 'other.co.uk')).toBe(false);
  });
  it('a declared errorUrl is the rule’s signal, not a wall', () => {
    const check = sherlock({ errorType: 'message', errorMsg: 'x', errorUrl: 'https://s.test/login' });
    const outcome = judge(check, followed('https://s.test/login'), 'alice');
    expect(outcome.reason).not.toBe('login_wall');
  });
  it('wallUrl', () => {
    expect(wallUrl('https://x.test/users/sign_in')).toBe('login_wall');
    expect(wallUrl('https://x.test/uas/login?session_redirect=1')).toBe('login_wall');
    expect(wallUrl('https://guce.x.test/consent')).toBe('consent_wall');
    expect(wallUrl('https://x.test/blog/login-tips-and-tricks')).toBeUndefined();
    expect(wallUrl('https://x.test/alice')).toBeUndefined();
  });
});

describe('empty answers', () => {
  it('an empty 2xx is never judged; a HEAD answer has no body to judge', () => {
    for (const body of ['', '  \n', '<html><head></head><body></body></html>', '{}', '[]', 'null']) {
      for (const check of [message, status, presence]) {
        expect(judge(check, res(200, body), 'alice'), JSON.stringify(body)).toMatchObject({
          verdict: 'unknown',
          reason: 'blocked',
        });
      }
    }
    expect(judge(status, res(200, '', { method: 'HEAD' }), 'alice')).toMatchObject({ verdict: 'found' });
  });
  it('a near-empty answer the catalogue names as "missing" is not found', () => {
    const check = maigret({ checkType: 'message', presenseStrs: ['"id"'], absenceStrs: ['[]'] });
    expect(judge(check, res(200, '[]'), 'alice')).toMatchObject({ verdict: 'not_found' });
  });
});
