import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { tr } from '../../i18n/tr.ts';
import { entry } from '../../test/fixtures.ts';
import { categoryLabel, categoryOf, specGroupOf } from './categories.ts';
import { categoryCounts, DEFAULT_STATUS_FILTER, filterResults, summarize } from './filters.ts';

const results = [
  entry('GitHub', { category: 'coding' }),
  entry('Reddit', { verdict: 'not_found', category: '' }),
  entry('Steam', { verdict: 'unknown', reason: 'timeout', category: 'gaming' }),
  entry('Twitch', { verdict: 'unknown', reason: 'blocked', category: 'gaming' }),
  entry('Flickr', { verdict: 'invalid', reason: 'unsupported_username', category: 'other' }),
  entry('Instagram', { category: 'social' }),
];
const names = (list: typeof results) => list.map((e) => e.platform);

describe('status filter', () => {
  it('defaults to found only', () => {
    expect(DEFAULT_STATUS_FILTER).toBe('found');
    expect(names(filterResults(results, { status: 'found', categories: new Set() }))).toEqual(['GitHub', 'Instagram']);
  });

  it('all, not found, and unknown (which includes skipped sites)', () => {
    expect(filterResults(results, { status: 'all', categories: new Set() })).toHaveLength(6);
    expect(names(filterResults(results, { status: 'not_found', categories: new Set() }))).toEqual(['Reddit']);
    expect(names(filterResults(results, { status: 'unknown', categories: new Set() }))).toEqual([
      'Steam',
      'Twitch',
      'Flickr',
    ]);
  });
});

describe('category filter', () => {
  it('no selection means every category; a selection keeps only those', () => {
    expect(names(filterResults(results, { status: 'all', categories: new Set(['gaming', 'forum']) }))).toEqual([
      'Reddit',
      'Steam',
      'Twitch',
    ]);
  });

  it('combines with the status filter', () => {
    expect(names(filterResults(results, { status: 'found', categories: new Set(['gaming']) }))).toEqual([]);
  });

  it('lists the categories present with counts, alphabetically with "other" last', () => {
    expect(categoryCounts([...results, entry('Pastebin', { category: '' })])).toEqual([
      { id: 'creative', count: 1 },
      { id: 'forum', count: 1 },
      { id: 'gaming', count: 2 },
      { id: 'professional', count: 1 },
      { id: 'social', count: 1 },
      { id: 'other', count: 1 },
    ]);
  });
});

describe('categories', () => {
  it('uses the spec keyword groups on the platform name', () => {
    expect(specGroupOf('Facebook')).toBe('social');
    expect(specGroupOf('LinkedIn')).toBe('social');
    expect(specGroupOf('GitLab')).toBe('professional');
    expect(specGroupOf('Dev.to')).toBe('professional');
    expect(specGroupOf('Xbox Gamertag')).toBe('gaming');
    expect(specGroupOf('HackerNews')).toBe('forum');
    expect(specGroupOf('Vimeo')).toBe('creative');
    expect(specGroupOf('Pastebin')).toBe('other');
  });

  it('applies the spec’s keyword table first, then the catalogue category, else other', () => {
    // The catalogues call Reddit and Quora social, Discord social, HackerNews tech: the spec's table wins.
    expect(categoryOf('Reddit', 'social')).toBe('forum');
    expect(categoryOf('Quora', 'social')).toBe('forum');
    expect(categoryOf('Discord', 'social')).toBe('gaming');
    expect(categoryOf('HackerNews', 'tech')).toBe('forum');
    expect(categoryOf('GitHub', 'Coding')).toBe('professional');
    expect(categoryOf('Reddit', 'misc')).toBe('forum');
    expect(categoryOf('Codeberg', 'Coding')).toBe('coding');
    expect(categoryOf('Somewhere', 'other')).toBe('other');
    expect(categoryOf('Somewhere', undefined)).toBe('other');
  });

  it('labels categories for display', () => {
    expect(categoryLabel('adult-sites', en.categoryNames)).toBe('Adult sites');
    expect(categoryLabel('social', en.categoryNames)).toBe('Social');
    expect(categoryLabel('creative', tr.categoryNames)).toBe('Yaratıcı');
  });
});

describe('summary', () => {
  it('counts found, not found, unknown with reasons, and skipped', () => {
    expect(summarize(results)).toEqual({
      checked: 6,
      found: 2,
      notFound: 1,
      unknown: 2,
      conflict: 0,
      invalid: 1,
      unknownReasons: [
        { reason: 'timeout', count: 1 },
        { reason: 'blocked', count: 1 },
      ],
    });
  });

  it('counts disputed sites apart from the ones that could not be checked (capability 13)', () => {
    const summary = summarize([...results, entry('Forumia', { verdict: 'unknown', reason: 'conflict' })]);
    expect(summary).toMatchObject({ unknown: 2, conflict: 1, invalid: 1 });
    expect(summary.unknownReasons.map((r) => r.reason)).not.toContain('conflict');
  });
});
