import type { ProfileFact } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { leadKey, pickLeads } from './pick-leads.ts';

const fact = (kind: ProfileFact['kind'], value: string, site?: string): ProfileFact => ({
  kind,
  value,
  source: 'https://example.test/alice',
  via: 'rel-me',
  ...(site ? { site } : {}),
});

describe('pickLeads', () => {
  it('usernames and addresses of found profiles, with why; never from another verdict', () => {
    const seen = new Set([leadKey('username', 'alice')]);
    const leads = pickLeads(
      { kind: 'username', query: 'alice' },
      [
        {
          name: 'GitHub',
          url: 'https://github.com/alice',
          verdict: 'found',
          facts: [fact('username', 'alice_dev', 'GitLab'), fact('email', 'A.Dev@Example.com')],
        },
        {
          name: 'Blocked',
          url: 'https://blocked.test/alice',
          verdict: 'unknown',
          facts: [fact('username', 'ghost', 'X')],
        },
      ],
      seen,
    );
    expect(leads).toEqual([
      {
        kind: 'username',
        query: 'alice_dev',
        reason: {
          text: 'linked from the GitHub profile of alice',
          from_site: 'GitHub',
          from_url: 'https://github.com/alice',
          fact_kind: 'username',
        },
      },
      {
        kind: 'email',
        query: 'a.dev@example.com',
        reason: {
          text: 'stated on the GitHub profile of alice',
          from_site: 'GitHub',
          from_url: 'https://github.com/alice',
          fact_kind: 'email',
        },
      },
    ]);
    expect(seen.has('email:a.dev@example.com')).toBe(true);
  });

  it('the same name never twice (any case), the searched name never, an email-shaped or empty username never; at most `limit`', () => {
    const seen = new Set([leadKey('username', 'alice')]);
    const facts = [
      fact('username', 'ALICE'),
      fact('username', 'bob'),
      fact('username', 'Bob'),
      fact('username', 'x@y.test'),
      fact('username', '   '),
      fact('username', 'carol'),
      fact('username', 'dave'),
    ];
    const leads = pickLeads(
      { kind: 'username', query: 'alice' },
      [{ name: 'S', url: '', verdict: 'found', facts }],
      seen,
      2,
    );
    expect(leads.map((l) => l.query)).toEqual(['bob', 'carol']);
    const again = pickLeads(
      { kind: 'username', query: 'bob' },
      [{ name: 'S', url: '', verdict: 'found', facts }],
      seen,
    );
    expect(again.map((l) => l.query)).toEqual(['dave']);
  });

  it('an email search’s pivots are leads: its local part, then the usernames its found answers revealed', () => {
    const leads = pickLeads(
      { kind: 'email', query: 'a.dev@example.com' },
      [
        {
          name: 'Gravatar',
          url: 'https://gravatar.test/adev',
          verdict: 'found',
          // Not a name a username search accepts, the local part again, then a real one.
          usernames: ['a dev', 'A.DEV', 'adev'],
        },
        { name: 'Blocked', url: '', verdict: 'unknown', usernames: ['ghost'] },
      ],
      new Set(),
    );
    expect(leads).toEqual([
      { kind: 'username', query: 'a.dev', reason: { text: 'the local part of a.dev@example.com' } },
      {
        kind: 'username',
        query: 'adev',
        reason: {
          text: 'the username Gravatar shows for a.dev@example.com',
          from_site: 'Gravatar',
          from_url: 'https://gravatar.test/adev',
        },
      },
    ]);
  });

  it('an email search’s local part already in the tree is not searched again; the limit holds', () => {
    const seen = new Set([leadKey('username', 'A.Dev')]);
    const results = [{ name: 'S', url: '', verdict: 'found', usernames: ['one', 'two'] }];
    const leads = pickLeads({ kind: 'email', query: 'a.dev@example.com' }, results, seen, 1);
    expect(leads.map((l) => l.query)).toEqual(['one']);
    expect(leads[0]?.reason).toEqual({ text: 'the username S shows for a.dev@example.com', from_site: 'S' });
  });
});
