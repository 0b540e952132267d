import { describe, expect, it } from 'vitest';
import type { RuleOutcome, SiteCheck } from '../model.ts';
import { siteCheck } from '../test-support/site-check.ts';
import { buildSites } from './build-sites.ts';
import { catalogueStats } from './catalogue-stats.ts';
import { combineOutcomes } from './combine-outcomes.ts';
import { normaliseHost, siteKey } from './site-key.ts';

function check(
  format: SiteCheck['format'],
  name: string,
  profileUrl: string,
  extra: Partial<SiteCheck> = {},
): SiteCheck {
  return siteCheck({ format, name, profileUrl, category: '', ...extra });
}

describe('siteKey / normaliseHost', () => {
  it('normalises hosts', () => {
    expect(normaliseHost('WWW.GitHub.com.')).toBe('github.com');
    expect(normaliseHost('m.vk.com')).toBe('vk.com');
    expect(normaliseHost('mobile.twitter.com')).toBe('twitter.com');
    expect(normaliseHost('www.com')).toBe('www.com');
  });
  it('uses the host suffix for username-in-host URLs', () => {
    expect(siteKey(check('sherlock', 'B', 'https://{username}.booth.pm/'))).toEqual({ host: 'booth.pm', shape: '{}.' });
  });
  it('uses the profile URL, not urlMain (Sherlock mastodon.social has urlMain chaos.social)', () => {
    expect(
      siteKey(check('sherlock', 'm', 'https://mastodon.social/@{username}', { urlMain: 'https://chaos.social/' }))
        ?.host,
    ).toBe('mastodon.social');
  });
});

describe('buildSites', () => {
  it('merges checks that send the identical request into one site, whatever profile they name (issue 15)', () => {
    const api = 'https://discord.com/api/v9/unique-username/username-attempt-unauthed';
    const request = {
      method: 'POST' as const,
      url: api,
      headers: {},
      body: '{"username":"{username}"}',
      followRedirects: false,
    };
    const sites = buildSites([
      check('sherlock', 'Discord', 'https://discord.com', { request }),
      check('whatsmyname', 'Discord (User)', api, { request }),
      check('maigret', 'Discord', 'https://discord.com', { request }),
      check('whatsmyname', 'Discord (Invite)', 'https://discord.com/invite/{username}'),
    ]);
    expect(sites.map((s) => [s.name, s.checks.length])).toEqual([
      ['Discord', 3],
      ['Discord (Invite)', 1],
    ]);
  });

  it('gives sites sharing a name readable, distinct names: host or profile path words, no ids (issue 15)', () => {
    const sites = buildSites([
      check('sherlock', 'YouTube', 'https://www.youtube.com/@{username}'),
      check('whatsmyname', 'YouTube User2', 'https://www.youtube.com/@{username}'),
      // Maigret lists two path shapes on one host, so each shape is a site of its own (decision 021).
      check('maigret', 'YouTube', 'https://www.youtube.com/@{username}/about'),
      check('maigret', 'YouTube Channel', 'https://www.youtube.com/@{username}'),
      check('sherlock', 'Discuss.Elastic.co', 'https://discuss.elastic.co/u/{username}'),
      check('maigret', 'Discuss.Elastic.co', 'https://discuss.elastic.co/u/{username}/summary'),
      check('maigret', 'discuss.elastic.co', 'https://discuss.elastic.co/u/{username}'),
      check('sherlock', 'Twitter', 'https://x.com/{username}'),
      check('whatsmyname', 'X', 'https://x.com/{username}'),
      check('maigret', 'Twitter', 'https://twitter.com/{username}'),
    ]);
    const names = sites.map((s) => s.name).sort();
    expect(names).toEqual([
      'Discuss.Elastic.co',
      'Discuss.Elastic.co (summary)',
      'Twitter',
      'Twitter (twitter.com)',
      'YouTube',
      'YouTube (about)',
    ]);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it('merges one site across catalogues by host', () => {
    const sites = buildSites([
      check('sherlock', 'GitHub', 'https://www.github.com/{username}'),
      check('maigret', 'GitHub', 'https://github.com/{username}', { category: 'coding', tags: ['coding'] }),
      check('whatsmyname', 'GitHub', 'https://github.com/{username}/', { category: 'coding', tags: ['coding'] }),
    ]);
    expect(sites).toHaveLength(1);
    expect(sites[0]).toMatchObject({
      id: 'github.com',
      name: 'GitHub',
      host: 'github.com',
      category: 'coding',
      tags: ['coding'],
    });
    expect(sites[0]!.checks.map((c) => c.format)).toEqual(['sherlock', 'maigret', 'whatsmyname']);
  });
  it('merges differently shaped URLs from different catalogues when no catalogue splits the host', () => {
    const sites = buildSites([
      check('sherlock', 'F', 'https://f.test/u/{username}'),
      check('maigret', 'F', 'https://f.test/members/?username={username}'),
    ]);
    expect(sites.map((s) => s.id)).toEqual(['f.test']);
  });
  it('keeps distinct sites on one host apart when a catalogue has structurally different entries', () => {
    const sites = buildSites([
      check('sherlock', 'Genius (Artists)', 'https://genius.com/artists/{username}'),
      check('sherlock', 'Genius (Users)', 'https://genius.com/{username}'),
      check('maigret', 'GeniusArtists', 'https://genius.com/artists/{username}'),
    ]);
    expect(sites.map((s) => [s.id, s.checks.map((c) => c.name)])).toEqual([
      ['genius.com', ['Genius (Users)']],
      ['genius.com/artists', ['Genius (Artists)', 'GeniusArtists']],
    ]);
  });
  it('same-shaped duplicates of one catalogue stay one site (Sherlock Chaos / chaos.social)', () => {
    const sites = buildSites([
      check('sherlock', 'Chaos', 'https://chaos.social/@{username}'),
      check('sherlock', 'chaos.social', 'https://chaos.social/@{username}'),
    ]);
    expect(sites).toHaveLength(1);
    expect(sites[0]!.checks).toHaveLength(2);
  });
  it('gives stable, unique ids and keeps checks without a host', () => {
    const input = [
      check('maigret', 'A', 'https://x.test/@{username}'),
      check('maigret', 'B', 'https://x.test/@{username}/about'),
      check('maigret', '{username}.com', '{username}.com', {
        unsupported: { reason: 'unsupported_check', detail: 'dns' },
      }),
    ];
    const ids = buildSites(input).map((s) => s.id);
    expect(ids).toEqual(buildSites([...input].reverse()).map((s) => s.id));
    expect(new Set(ids).size).toBe(3);
    expect(ids).toContain('maigret/_.com');
  });
  it('marks a site NSFW when any catalogue does', () => {
    expect(
      buildSites([
        check('sherlock', 'P', 'https://p.test/{username}', { nsfw: true }),
        check('maigret', 'P', 'https://p.test/{username}'),
      ])[0]!.nsfw,
    ).toBe(true);
  });
});

const o = (
  format: RuleOutcome['format'],
  verdict: RuleOutcome['verdict'],
  reason?: RuleOutcome['reason'],
): RuleOutcome => ({
  format,
  verdict,
  rule: `${format} rule`,
  ...(reason ? { reason } : {}),
});

describe('combineOutcomes', () => {
  it('agreement gives the verdict with every agreeing catalogue', () => {
    expect(combineOutcomes([o('sherlock', 'found'), o('maigret', 'found')])).toMatchObject({
      verdict: 'found',
      agreed: ['sherlock', 'maigret'],
    });
  });
  it('found vs not_found is an unknown conflict with every outcome as evidence', () => {
    const combined = combineOutcomes([
      o('sherlock', 'found'),
      o('whatsmyname', 'not_found'),
      o('maigret', 'unknown', 'blocked'),
    ]);
    expect(combined).toMatchObject({ verdict: 'unknown', reason: 'conflict', agreed: [] });
    expect(combined.outcomes).toHaveLength(3);
    expect(combined.rule).toContain('sherlock says found');
  });
  it('a decision wins over unknown/invalid outcomes, which stay in the evidence', () => {
    const combined = combineOutcomes([
      o('sherlock', 'unknown', 'http_error'),
      o('maigret', 'not_found'),
      o('whatsmyname', 'invalid', 'disabled'),
    ]);
    expect(combined).toMatchObject({ verdict: 'not_found', agreed: ['maigret'] });
    expect(combined.outcomes).toHaveLength(3);
  });
  it('without a decision: unknown first, else invalid by priority', () => {
    expect(combineOutcomes([o('sherlock', 'invalid', 'disabled'), o('maigret', 'unknown', 'timeout')])).toMatchObject({
      verdict: 'unknown',
      reason: 'timeout',
    });
    expect(
      combineOutcomes([o('sherlock', 'invalid', 'disabled'), o('maigret', 'invalid', 'unsupported_username')]),
    ).toMatchObject({
      verdict: 'invalid',
      reason: 'unsupported_username',
    });
  });
  it('refuses an empty list', () => {
    expect(() => combineOutcomes([])).toThrowError(TypeError);
  });
});

describe('catalogueStats', () => {
  it('counts usable, disabled, excluded and unsupported by reason per source', () => {
    const stats = catalogueStats([
      check('maigret', 'a', 'https://a.test/{username}', { source: 'm.json' }),
      check('maigret', 'b', 'https://b.test/{username}', { source: 'm.json', disabled: true }),
      check('maigret', 'c', '', {
        source: 'm.json',
        unsupported: { reason: 'unsupported_check', detail: 'identifier type "gaia_id" is not a username' },
      }),
      check('maigret', 'd', '', {
        source: 'm.json',
        unsupported: { reason: 'unsupported_check', detail: 'identifier type "vk_id" is not a username' },
      }),
      check('sherlock', 'e', 'https://e.test/{username}', { excluded: { reason: 'fp' } }),
    ]);
    expect(stats).toEqual([
      {
        format: 'maigret',
        source: 'm.json',
        total: 4,
        usable: 1,
        disabled: 1,
        excluded: 0,
        unsupported: 2,
        unsupportedByReason: [{ reason: 'identifier type is not a username', count: 2 }],
      },
      {
        format: 'sherlock',
        source: 'sherlock',
        total: 1,
        usable: 0,
        disabled: 0,
        excluded: 1,
        unsupported: 0,
        unsupportedByReason: [],
      },
    ]);
  });
});
