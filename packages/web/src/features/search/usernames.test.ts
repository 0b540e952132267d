import { describe, expect, it } from 'vitest';
import { MAX_NAMES, parseUsernames, variantsOf } from './usernames.ts';

describe('several usernames and variants (issue 15, capability 12)', () => {
  it('variants join the parts with _, -, . and nothing', () => {
    expect(variantsOf('john doe')).toEqual(['john_doe', 'john-doe', 'john.doe', 'johndoe']);
    expect(variantsOf('john_doe')).toEqual(['john_doe', 'john-doe', 'john.doe', 'johndoe']);
    expect(variantsOf('a b c')).toEqual(['a_b_c', 'a-b-c', 'a.b.c', 'abc']);
    expect(variantsOf('alice')).toEqual(['alice']);
  });

  it('splits on commas, semicolons and new lines, drops repeats, checks each name', () => {
    expect(parseUsernames('alice, bob;carol\nAlice', false)).toEqual({ ok: true, names: ['alice', 'bob', 'carol'] });
    expect(parseUsernames('alice, mañana', false)).toMatchObject({ ok: false, name: 'mañana' });
    expect(parseUsernames('john doe', false)).toMatchObject({ ok: false, problem: { kind: 'space' } });
    expect(parseUsernames('john doe, amy', true)).toEqual({
      ok: true,
      names: ['john_doe', 'john-doe', 'john.doe', 'johndoe', 'amy'],
    });
  });

  it(`refuses more than ${MAX_NAMES} names`, () => {
    const many = Array.from({ length: MAX_NAMES + 1 }, (_, i) => `u${i}`).join(',');
    expect(parseUsernames(many, false)).toEqual({ ok: false, tooMany: MAX_NAMES + 1 });
  });
});
