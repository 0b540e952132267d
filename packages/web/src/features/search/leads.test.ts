/** The Leads of a search tree (issue 29): which searches are leads, and when to ask the server again. */
import type { SearchTree } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { plantedTree } from '../../test/graph-trees.ts';
import { followsLeads, LEAD_GRACE_POLLS, leadsOf, pollAgain, searchedLeads } from './leads.ts';

const following = (status = 'completed'): SearchTree => {
  const tree = plantedTree();
  return {
    ...tree,
    searches: tree.searches.map((s) =>
      s.id === 'r1' ? { ...s, follow_depth: 2 } : s.id === 'c1' ? { ...s, status, follow_depth: 2 } : s,
    ),
  };
};

describe('leads of a search tree', () => {
  it('lists the searches below the root, parents first, with the name that led to each and its found count', () => {
    const leads = leadsOf(following());
    expect(leads.map((l) => [l.search.query, l.parentQuery])).toEqual([
      ['alice_dev', 'alice'],
      ['a.dev@example.com', 'alice_dev'],
    ]);
    const tree = following();
    expect(leads[0]?.found).toBe(tree.profiles.filter((p) => p.search_id === 'c1').length);
    expect(leads[0]?.found).toBeGreaterThan(0);
  });

  it('polls while a lead runs and stops once all have ended; an email lead (not started) does not keep it going', () => {
    expect(pollAgain(following('running'), 1)).toBe(true);
    expect(pollAgain(following('queued'), 50)).toBe(true);
    expect(pollAgain(following('completed'), 1)).toBe(false);
    expect(pollAgain(following('cancelled'), 1)).toBe(false);
  });

  it('gives a tree that follows leads but has none yet a few polls (they start just after the root), then stops', () => {
    const bare = { ...following(), searches: following().searches.filter((s) => s.id === 'r1') };
    expect(followsLeads(bare)).toBe(true);
    expect(pollAgain(bare, 1)).toBe(true);
    expect(pollAgain(bare, LEAD_GRACE_POLLS)).toBe(false);
    // A plain search (follow_depth 0, or a server that does not say) is never polled.
    const plain = { ...bare, searches: bare.searches.map((s) => ({ ...s, follow_depth: 0 })) };
    expect(followsLeads(plain)).toBe(false);
    expect(pollAgain(plain, 0)).toBe(false);
    expect(followsLeads(plantedTree())).toBe(false);
  });

  it('names the usernames searched right below a search (its followed pivot), lower case', () => {
    const tree = plantedTree();
    expect([...searchedLeads(tree, 'r1')]).toEqual(['alice_dev']);
    expect([...searchedLeads(tree, 'c1')]).toEqual([]); // its child is an email search
    expect(searchedLeads(null, 'r1').size).toBe(0);
  });
});
