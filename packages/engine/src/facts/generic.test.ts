import { readFileSync } from 'node:fs';
import type { ProfileFact } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import type { CheckResponse, Site } from '../model.ts';
import { AccountLinks } from './account-links.ts';
import { extractFacts } from './extract-facts.ts';

// Pages are stored as `.html.txt`: they imitate third-party markup, which the project's linter would rewrite.
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}${name.endsWith('.html') ? '.txt' : ''}`, import.meta.url), 'utf8');
const LINKS = new AccountLinks([
  {
    id: 'github.com',
    name: 'GitHub',
    host: 'github.com',
    category: 'x',
    tags: [],
    nsfw: false,
    checks: [{ profileUrl: 'https://github.com/{username}' } as Site['checks'][number]],
  },
  {
    id: 'mastodon.social',
    name: 'Mastodon',
    host: 'mastodon.social',
    category: 'x',
    tags: [],
    nsfw: false,
    checks: [{ profileUrl: 'https://mastodon.social/@{username}' } as Site['checks'][number]],
  },
  {
    id: 'foxtrot',
    name: 'Foxtrot Blogs',
    host: 'foxtrot-blogs.test',
    category: 'x',
    tags: [],
    nsfw: false,
    checks: [{ profileUrl: 'https://{username}.foxtrot-blogs.test/' } as Site['checks'][number]],
  },
]);

function facts(
  name: string,
  url: string,
  username: string,
  status = 200,
  headers: Record<string, string> = {},
): ProfileFact[] {
  const response: CheckResponse = {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    body: fixture(name),
    finalUrl: url,
    redirects: 0,
    truncated: false,
  };
  return extractFacts(response, { siteName: 'Example', siteHost: new URL(url).hostname, username, links: LINKS });
}
const pick = (list: ProfileFact[]) =>
  list.map(({ kind, value, via, site }) => `${via} ${kind}${site ? `@${site}` : ''}=${value}`);

describe('generic profile formats (fixture pages written for these tests)', () => {
  it('OpenGraph profile meta and the Twitter card’s creator', () => {
    const got = facts('generic-opengraph.html', 'https://pinboard-place.test/robinq', 'robinq');
    expect(pick(got)).toEqual([
      'opengraph display_name=Robin Quill',
      'opengraph bio=Knitting & cartography. Views my own.',
      'opengraph avatar=https://pinboard-place.test/avatars/robinq-200.png',
      'twitter username@Twitter=robin_quill',
    ]);
    expect(got.every((f) => f.source === 'https://pinboard-place.test/robinq')).toBe(true);
  });

  it('a page that is not a profile: its title and description describe the site, so no facts', () => {
    expect(facts('generic-site-description.html', 'https://pinboard-place.test/robinq', 'robinq')).toEqual([]);
  });

  it('JSON-LD Person inside a ProfilePage; broken blocks and plain scripts are ignored', () => {
    const got = pick(facts('generic-jsonld.html', 'https://lensfolio.test/samo', 'samo'));
    expect(got).toEqual([
      'jsonld created_at=2019-04-02T10:00:00Z',
      'jsonld display_name=Sam Ortega',
      'jsonld bio=Street photographer in Lisbon.',
      'jsonld avatar=https://cdn.lensfolio.test/u/884120.jpg',
      'jsonld link@GitHub=https://github.com/samortega',
      'jsonld username@GitHub=samortega',
      'jsonld link=https://samortega.test/',
      'jsonld account_id=884120',
      'jsonld location=Lisbon, Portugal',
      'jsonld followers=1532',
    ]);
    expect(got.join('\n')).not.toContain('Script Person');
  });

  it('rel="me" links and an h-card: only the card’s own properties, only http(s) links and real addresses', () => {
    const got = pick(facts('generic-relme-hcard.html', 'https://kit.example/', 'kitwren'));
    expect(got).toEqual([
      'rel-me link@Mastodon=https://mastodon.social/@kitwren',
      'rel-me username@Mastodon=kitwren',
      'rel-me link@GitHub=https://github.com/kitwren',
      'rel-me username@GitHub=kitwren',
      'microformats display_name=Kit Wren',
      'microformats bio=Maker of small synths.',
      'microformats location=Leeds',
      'microformats avatar=https://kit.example/me.jpg',
      'microformats email=kit@wren.test',
    ]);
    expect(got.join('\n')).not.toMatch(/somebody-else|Outside the card|javascript|not-an-email/);
  });

  it('a link back to the very profile is not a lead; a username in a host name is resolved', () => {
    const got = pick(
      extractFacts(
        {
          status: 200,
          headers: { 'content-type': 'text/html' },
          body: '<a rel="me" href="https://github.com/Kit">me</a><a rel="me" href="https://kit-notes.foxtrot-blogs.test/">blog</a>',
          finalUrl: 'https://github.com/kit',
          redirects: 0,
          truncated: false,
        },
        { siteName: 'GitHub', siteHost: 'github.com', username: 'kit', links: LINKS },
      ),
    );
    expect(got).toEqual([
      'rel-me link@Foxtrot Blogs=https://kit-notes.foxtrot-blogs.test/',
      'rel-me username@Foxtrot Blogs=kit-notes',
    ]);
  });
});

describe('block pages yield nothing, whatever profile markup they carry', () => {
  it('a Cloudflare challenge with OpenGraph, JSON-LD and rel="me" inside', () => {
    expect(facts('block-cloudflare.html', 'https://pinboard-place.test/robinq', 'robinq')).toEqual([]);
  });

  it('a login wall', () => {
    expect(facts('block-login.html', 'https://pinboard-place.test/robinq', 'robinq')).toEqual([]);
  });

  it('a challenge announced by header, and a non-2xx answer', () => {
    expect(
      facts('generic-opengraph.html', 'https://pinboard-place.test/robinq', 'robinq', 200, {
        'cf-mitigated': 'challenge',
      }),
    ).toEqual([]);
    expect(facts('generic-opengraph.html', 'https://pinboard-place.test/robinq', 'robinq', 403)).toEqual([]);
  });
});

describe('broken markup', () => {
  it('reads what comes before an unclosed script, comment, quote or tag, and nothing inside them', () => {
    const base = '<a rel="me" href="https://github.com/kitwren">me</a>';
    for (const tail of [
      '<script>var x = "<a rel=me href=https://github.com/in-script>";',
      '<!-- <a rel="me" href="https://github.com/in-comment">',
      '<a rel="me" href="https://github.com/in-quote>never closed',
      '<a rel="me" href=https://github.com/in-tag',
    ]) {
      const got = extractFacts(
        {
          status: 200,
          headers: { 'content-type': 'text/html' },
          body: `${base}${tail}${'<b x="'.repeat(5000)}`,
          finalUrl: 'https://kit.example/',
          redirects: 0,
          truncated: false,
        },
        { siteName: 'Example', siteHost: 'kit.example', username: 'kit', links: LINKS },
      );
      expect(got.map((f) => `${f.kind}=${f.value}`)).toEqual(['link=https://github.com/kitwren', 'username=kitwren']);
    }
  });
});
