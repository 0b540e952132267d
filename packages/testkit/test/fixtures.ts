/**
 * Hand-written catalogue entries shaped like the upstream formats (not copied from them).
 */

export const sherlockFixture = {
  $schema: 'data.schema.json',
  GitHub: {
    errorType: 'status_code',
    regexCheck: '^[a-zA-Z0-9-]{1,39}$',
    url: 'https://github.com/{}',
    urlMain: 'https://github.com/',
    username_claimed: 'octocat',
  },
  Shoply: {
    errorType: 'message',
    errorMsg: ['Shop not found', 'This shop is closed'],
    url: 'https://{}.shoply.test/',
    urlMain: 'https://shoply.test/',
    username_claimed: 'bakery',
  },
  Linky: {
    errorType: 'response_url',
    errorUrl: 'https://linky.test/not-found',
    url: 'https://linky.test/@{}',
    urlMain: 'https://linky.test/',
    username_claimed: 'ann',
  },
  Talky: {
    errorType: 'message',
    errorMsg: '{"taken":false}',
    url: 'https://talky.test',
    urlProbe: 'https://talky.test/api/v2/username-check',
    urlMain: 'https://talky.test/',
    request_method: 'POST',
    request_payload: { username: '{}' },
    headers: { 'Content-Type': 'application/json' },
    username_claimed: 'bob',
  },
  Slidey: {
    errorType: 'status_code',
    errorCode: 204,
    url: 'https://slidey.test/{}',
    urlMain: 'https://slidey.test/',
    username_claimed: 'deck',
  },
  Gopher: {
    errorType: 'status_code',
    url: 'gopher://gopher.test/{}',
    urlMain: 'gopher://gopher.test/',
    username_claimed: 'x',
  },
};

export const whatsMyNameFixture = {
  license: ['test fixture'],
  authors: ['hound'],
  categories: ['social', 'misc'],
  sites: [
    {
      name: 'Postbox',
      uri_check: 'https://api.postbox.test/v1/users/lookup',
      uri_pretty: 'https://postbox.test/u/{account}',
      post_body: '{"handle":"{account}","exact":true}',
      headers: { 'Content-Type': 'application/json' },
      e_code: 200,
      e_string: '"exists":true',
      m_code: 404,
      m_string: '"error":"no such user"',
      known: ['mailman', 'courier'],
      cat: 'social',
    },
    {
      name: 'Redirecty',
      uri_check: 'https://redirecty.test/user/{account}?tab=about',
      e_code: 200,
      e_string: 'Member since',
      m_code: 302,
      m_string: '',
      known: ['ann.lee', 'bo.b'],
      strip_bad_char: '.',
      cat: 'misc',
    },
  ],
};

export const maigretFixture = {
  engines: {
    XenForo: {
      name: 'XenForo',
      site: {
        checkType: 'message',
        ignore403: true,
        absenceStrs: ['The specified member cannot be found.'],
        presenseStrs: ['memberHeader-content', 'profilePage'],
        errors: { 'You are being rate limited by this board': 'Rate limit' },
        url: '{urlMain}{urlSubpath}/members/?username={username}',
      },
      presenseStrs: ['XenForo'],
    },
  },
  sites: {
    ForumOne: {
      engine: 'XenForo',
      urlMain: 'https://forum.one.test',
      urlSubpath: '/community',
      usernameClaimed: 'admin',
      usernameUnclaimed: 'noonewouldeverusethis7',
      tags: ['forum'],
    },
    Statusy: {
      checkType: 'status_code',
      url: 'https://statusy.test/people/{username}',
      urlMain: 'https://statusy.test',
      usernameClaimed: 'carol',
      usernameUnclaimed: 'noonewouldeverusethis7',
    },
    Onion: {
      protocol: 'tor',
      checkType: 'status_code',
      url: 'http://onion.test/{username}',
      usernameClaimed: 'x',
    },
  },
  tags: ['forum'],
};
