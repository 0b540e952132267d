import { readFileSync } from 'node:fs';
import type { ProfileFact } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import type { CheckResponse, Site } from '../model.ts';
import { AccountLinks } from './account-links.ts';
import { extractFacts } from './extract-facts.ts';

// Pages are stored as `.html.txt`: they imitate third-party markup, which the project's linter would rewrite.
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}${name.endsWith('.html') ? '.txt' : ''}`, import.meta.url), 'utf8');

function answer(name: string, url: string, status = 200): CheckResponse {
  const json = name.endsWith('.json');
  return {
    status,
    headers: { 'content-type': json ? 'application/json' : 'text/html; charset=utf-8' },
    body: fixture(name),
    finalUrl: url,
    redirects: 0,
    truncated: false,
  };
}

const site = (name: string, host: string, profileUrl: string): Site => ({
  id: host,
  name,
  host,
  category: 'x',
  tags: [],
  nsfw: false,
  checks: [{ profileUrl } as Site['checks'][number]],
});
const LINKS = new AccountLinks([
  site('GitHub', 'github.com', 'https://github.com/{username}'),
  site('GitLab', 'gitlab.com', 'https://gitlab.com/{username}'),
  site('Reddit', 'reddit.com', 'https://www.reddit.com/user/{username}'),
  site('Mastodon', 'mastodon.social', 'https://mastodon.social/@{username}'),
  site('Twitter', 'twitter.com', 'https://twitter.com/{username}'),
]);

function facts(name: string, url: string, siteName: string, username: string): ProfileFact[] {
  const host = new URL(url).hostname.replace(/^www\./, '');
  return extractFacts(answer(name, url), { siteName, siteHost: host, username, links: LINKS });
}
const pick = (list: ProfileFact[]) =>
  list.map(({ kind, value, site: s }) => (s ? `${kind}@${s}=${value}` : `${kind}=${value}`));

describe('site extractors (fixture pages written for these tests)', () => {
  it('GitHub: the users API answer', () => {
    const got = facts('github-api.json', 'https://api.github.com/users/octo-wren', 'GitHub', 'octo-wren');
    expect(pick(got)).toEqual(
      expect.arrayContaining([
        'display_name=Octo Wren',
        'bio=Compilers, kites.',
        'location=Tromsø, Norway',
        'website=https://wren.example/',
        'username@Twitter=octowren',
        'account_id@GitHub=7301234',
        'avatar=https://avatars.githubusercontent.com/u/7301234?v=4',
        'created_at=2014-03-09T18:22:01Z',
        'followers=210',
        'following=12',
      ]),
    );
    expect(got.every((f) => f.source === 'https://api.github.com/users/octo-wren' && f.via === 'site:github')).toBe(
      true,
    );
    expect(pick(got).some((v) => v.startsWith('email='))).toBe(false); // "email": null is no fact
  });

  it('GitHub: the profile page, its social links resolved to other sites’ usernames', () => {
    const got = pick(facts('github-page.html', 'https://github.com/octo-wren', 'GitHub', 'octo-wren'));
    expect(got).toEqual(
      expect.arrayContaining([
        'display_name=Octo Wren',
        'bio=Compilers, kites.',
        'location=Tromsø, Norway',
        'avatar=https://avatars.githubusercontent.com/u/7301234?v=4',
        'account_id@GitHub=7301234',
        'followers=210',
        'following=12',
        'link=https://wren.example/',
        'link@Twitter=https://twitter.com/octowren',
        'username@Twitter=octowren',
        'username@GitLab=wren-codes',
      ]),
    );
  });

  it('GitLab: the users API list and the profile page', () => {
    expect(
      pick(facts('gitlab-api.json', 'https://gitlab.com/api/v4/users?username=wren-codes', 'GitLab', 'wren-codes')),
    ).toEqual([
      'account_id@GitLab=4410022',
      'display_name=Wren Codes',
      'avatar=https://secure.gravatar.com/avatar/0f1e2d3c?s=80&d=identicon',
    ]);
    expect(pick(facts('gitlab-page.html', 'https://gitlab.com/wren-codes', 'GitLab', 'wren-codes'))).toEqual([
      'display_name=Wren Codes',
      'bio=Pipelines & yaml.',
      'account_id@GitLab=4410022',
    ]);
  });

  it('Reddit: about.json, the creation time converted from Unix seconds', () => {
    expect(
      pick(facts('reddit-about.json', 'https://www.reddit.com/user/wren_threads/about.json', 'Reddit', 'wren_threads')),
    ).toEqual([
      'account_id@Reddit=8k2p1z',
      'created_at=2018-01-01T00:00:00.000Z',
      'avatar=https://styles.redditmedia.com/t5_4q8z1/styles/profileIcon_x1.png',
      'display_name=Wren T.',
      'bio=Lurker, occasional poster.',
    ]);
  });

  it('Keybase: the lookup answer, its proofs as usernames on other sites', () => {
    const got = pick(
      facts(
        'keybase-lookup.json',
        'https://keybase.io/_/api/1.0/user/lookup.json?usernames=wrenkb',
        'Keybase',
        'wrenkb',
      ),
    );
    expect(got).toEqual(
      expect.arrayContaining([
        'account_id@Keybase=5b1e3f0c9a2d4e6f8a0b1c2d3e4f5019',
        'display_name=Wren K. Base',
        'bio=keys and coffee',
        'location=Utrecht',
        'username@GitHub=octo-wren',
        'username@Reddit=wren_threads',
      ]),
    );
  });

  it('Mastodon: the account lookup, the bio as text and verified fields as links', () => {
    const got = pick(
      facts(
        'mastodon-lookup.json',
        'https://mastodon.social/api/v1/accounts/lookup?acct=kitwren',
        'Mastodon',
        'kitwren',
      ),
    );
    expect(got).toEqual(
      expect.arrayContaining([
        'account_id@Mastodon=109876543210987654',
        'display_name=Kit Wren 🎹',
        'bio=Maker of small synths. She/her.',
        'followers=842',
        'following=301',
        'created_at=2022-11-04T00:00:00.000Z',
        'username@GitHub=kitwren',
      ]),
    );
    expect(got.filter((v) => v.startsWith('link'))).toEqual(['link@GitHub=https://github.com/kitwren']);
  });

  it('DEV Community: the user answer, GitHub and Twitter names as links', () => {
    const got = pick(
      facts('devto-user.json', 'https://dev.to/api/users/by_username?url=wrenwrites', 'DEV Community', 'wrenwrites'),
    );
    expect(got).toEqual(
      expect.arrayContaining([
        'account_id@DEV Community=551200',
        'display_name=Wren Writes',
        'bio=Posts about accessible UIs.',
        'location=Cork',
        'website=https://wrenwrites.example/',
        'username@GitHub=wren-writes',
        'username@Twitter=wren_w',
      ]),
    );
  });

  it('Hacker News: the API answer and the profile page', () => {
    expect(
      pick(
        facts('hackernews-user.json', 'https://hacker-news.firebaseio.com/v0/user/wrenhn.json', 'HackerNews', 'wrenhn'),
      ),
    ).toEqual([
      'created_at=2011-03-13T07:06:40.000Z',
      'bio=Systems person. Reach me at the site in my / profile. No DMs.',
      'followers=4821 karma',
    ]);
    expect(
      pick(facts('hackernews-page.html', 'https://news.ycombinator.com/user?id=wrenhn', 'HackerNews', 'wrenhn')),
    ).toEqual(['created_at=2011-03-13']);
  });

  it('Docker Hub: the users answer', () => {
    expect(
      pick(facts('dockerhub-user.json', 'https://hub.docker.com/v2/users/wrenimages/', 'Docker Hub', 'wrenimages')),
    ).toEqual([
      'account_id@Docker Hub=e1f2a3b4c5d64e7f8a9b0c1d2e3f4a5b',
      'display_name=Wren Images',
      'location=Gent',
      'website=https://wren-images.example/',
      'created_at=2017-06-01T12:00:00.000000Z',
    ]);
  });

  it('Steam: the profile data in the page script', () => {
    expect(pick(facts('steam-page.html', 'https://steamcommunity.com/id/wrenplays', 'Steam', 'wrenplays'))).toEqual([
      'account_id@Steam=76561198012345678',
      'display_name=WrenPlays',
      'location=Finland',
      'bio=Speedruns only.',
    ]);
  });

  it('Twitch: the server-rendered meta tags', () => {
    expect(pick(facts('twitch-page.html', 'https://www.twitch.tv/wrenlive', 'Twitch', 'wrenlive'))).toEqual([
      'display_name=WrenLive',
      'bio=Cozy late-night building streams.',
      'avatar=https://static-cdn.jtvnw.net/jtv_user_pictures/wrenlive-profile_image-300x300.png',
    ]);
  });

  it('an extractor reads only its own site: GitHub’s rules say nothing on another host', () => {
    expect(facts('github-api.json', 'https://api.example-forge.test/users/octo-wren', 'Forge', 'octo-wren')).toEqual(
      [],
    );
  });
});
