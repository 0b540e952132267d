import { describe, expect, it } from 'vitest';
import { loadMaigret } from '../catalogue/load-maigret.ts';
import { loadWhatsMyName } from '../catalogue/load-whatsmyname.ts';
import type { CheckResponse } from '../model.ts';
import { judge } from './judge.ts';
import { isWeakMarker, weakPresenceStats } from './weak-markers.ts';

function res(body: string, status = 200): CheckResponse {
  return { status, body, headers: {}, finalUrl: 'https://s.test/alice', redirects: 0, truncated: false, method: 'GET' };
}
const maigret = (presenseStrs: string[]) =>
  loadMaigret({
    sites: {
      M: {
        checkType: 'message',
        url: 'https://s.test/{username}',
        urlMain: 'https://s.test',
        usernameClaimed: 'a',
        presenseStrs,
        absenceStrs: ['No such user'],
      },
    },
  })[0]!;
const wmn = (e_string: string) =>
  loadWhatsMyName({
    sites: [
      {
        name: 'W',
        uri_check: 'https://s.test/{account}',
        e_code: 200,
        e_string,
        m_code: 404,
        m_string: '',
        known: ['a'],
        cat: 'x',
      },
    ],
  })[0]!;

// A generic page: nothing about anybody, but full of the markup and words weak presence strings name.
const GENERIC = `<!DOCTYPE html><html><head><title>Example</title><meta property="og:title" content="Example"></head>
<body><nav><a href="/profile">Profile</a> <a href="/login">Log in</a></nav><p>Join our community of users. Members since 2009.</p></body></html>`;

describe('weak presence strings', () => {
  it('generic markup, common words and JSON fragments are weak; specific markup is not', () => {
    for (const weak of ['profile', 'og:title', '"id":', '"username":', 'Joined', 'name', '[{', '1', '<title> ']) {
      expect(isWeakMarker(weak), weak).toBe(true);
    }
    for (const strong of ['profile__content_header_user', 'data-profile-owner', 'user-header', '出品者', 'Joined on']) {
      expect(isWeakMarker(strong), strong).toBe(false);
    }
  });
  it('alone they do not make found; with the username on the page they do', () => {
    expect(judge(maigret(['profile']), res(GENERIC), 'alice')).toMatchObject({
      verdict: 'unknown',
      reason: 'unexpected_response',
    });
    expect(judge(maigret(['profile']), res(`${GENERIC}<h1>alice</h1>`), 'alice')).toMatchObject({ verdict: 'found' });
    expect(judge(wmn('og:title'), res(GENERIC), 'alice')).toMatchObject({ verdict: 'unknown' });
    expect(judge(wmn('og:title'), res(GENERIC.replace('Example</title>', 'alice</title>')), 'alice')).toMatchObject({
      verdict: 'found',
    });
    // A specific string is enough on its own, and absence still decides.
    expect(
      judge(maigret(['profile', 'user-header']), res('<div class="user-header">A</div> profile'), 'alice'),
    ).toMatchObject({
      verdict: 'found',
    });
    expect(judge(maigret(['profile']), res('No such user'), 'alice')).toMatchObject({ verdict: 'not_found' });
  });
  it('are counted per format for `hound sites stats`', () => {
    const stats = weakPresenceStats([
      maigret(['profile', 'user-header']),
      maigret(['og:title']),
      wmn('data-x'),
      wmn('"id":'),
    ]);
    expect(stats).toEqual([
      {
        format: 'maigret',
        checks: 2,
        markers: [
          { marker: 'og:title', count: 1 },
          { marker: 'profile', count: 1 },
        ],
      },
      { format: 'whatsmyname', checks: 1, markers: [{ marker: '"id":', count: 1 }] },
    ]);
  });
});
