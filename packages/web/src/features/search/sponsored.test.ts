import { describe, expect, it } from 'vitest';
import { entry } from '../../test/fixtures.ts';
import {
  type SponsoredEntry,
  secondSponsoredIndex,
  sponsoredAllowed,
  usernameHash,
  withSponsored,
} from './sponsored.ts';

const sponsors: SponsoredEntry[] = [
  { id: 'a', title: 'First sponsor', description: '', url: 'https://a.example' },
  { id: 'b', title: 'Second sponsor', description: '', url: 'https://b.example' },
];
const results = Array.from({ length: 20 }, (_, i) => entry(`Site${i}`));
const none = new Set<string>();

describe('sponsored placement (spec 000 §4)', () => {
  it('puts the first at the top and the second within the first 9 positions, from a hash of the username', () => {
    for (const name of ['alice', 'bob', 'x', 'a-very-long-username-2024', 'Ünïcode']) {
      const items = withSponsored(results, sponsors, name, 'found', none);
      expect(items[0]).toEqual({ kind: 'sponsored', sponsor: sponsors[0] });
      const second = items.findIndex((i) => i.kind === 'sponsored' && i.sponsor.id === 'b');
      expect(second).toBe(secondSponsoredIndex(name));
      expect(second).toBeGreaterThanOrEqual(1);
      expect(second).toBeLessThanOrEqual(8);
      expect(items).toHaveLength(results.length + 2);
    }
  });

  it('the position is stable per username and case-insensitive, and varies between usernames', () => {
    expect(secondSponsoredIndex('Alice')).toBe(secondSponsoredIndex('alice'));
    expect(usernameHash('alice')).toBe(usernameHash('alice'));
    const positions = new Set(Array.from({ length: 50 }, (_, i) => secondSponsoredIndex(`user${i}`)));
    expect(positions.size).toBeGreaterThan(4);
  });

  it('with few results the second goes last', () => {
    const items = withSponsored(results.slice(0, 1), sponsors, 'alice', 'all', none);
    expect(items.map((i) => i.kind)).toEqual(
      secondSponsoredIndex('alice') >= 2 ? ['sponsored', 'result', 'sponsored'] : ['sponsored', 'sponsored', 'result'],
    );
  });

  it('is shown only when the status filter is not "not found" and categories are empty or include professional', () => {
    expect(sponsoredAllowed('found', none)).toBe(true);
    expect(sponsoredAllowed('all', none)).toBe(true);
    expect(sponsoredAllowed('unknown', none)).toBe(true);
    expect(sponsoredAllowed('not_found', none)).toBe(false);
    expect(sponsoredAllowed('found', new Set(['professional', 'social']))).toBe(true);
    expect(sponsoredAllowed('found', new Set(['social']))).toBe(false);
    expect(withSponsored(results, sponsors, 'alice', 'not_found', none).every((i) => i.kind === 'result')).toBe(true);
  });

  it('adds nothing without sponsors or without results, and one sponsor goes on top only', () => {
    expect(withSponsored(results, [], 'alice', 'found', none)).toHaveLength(results.length);
    expect(withSponsored([], sponsors, 'alice', 'found', none)).toEqual([]);
    const one = withSponsored(results, sponsors.slice(0, 1), 'alice', 'found', none);
    expect(one.filter((i) => i.kind === 'sponsored')).toHaveLength(1);
    expect(one[0]!.kind).toBe('sponsored');
  });
});
