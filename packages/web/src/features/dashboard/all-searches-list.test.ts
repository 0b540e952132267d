/** My Searches' order (issue 27 item 9, issue 29): newest first, a lead's search right under the one that led to it. */
import type { EmailLogItem, MySearch } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { mergeNewestFirst } from './all-searches-list.tsx';

const search = (id: string, minute: number, parent: string | null = null): MySearch => ({
  id,
  username: id,
  status: 'completed',
  created_at: new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString(),
  total_found: 1,
  progress: { done: 1, total: 1 },
  parent_id: parent,
  reason: parent ? { text: `linked from the GitHub profile of ${parent}`, from_site: 'GitHub' } : null,
});
const email = (id: string, minute: number, parentSearch: string | null = null) =>
  ({
    id,
    email: `${id}@example.com`,
    timestamp: new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString(),
    parent_search_id: parentSearch,
  }) as unknown as EmailLogItem;

const shown = (entries: ReturnType<typeof mergeNewestFirst>) =>
  entries.map((e) =>
    e.kind === 'username'
      ? `${'  '.repeat(e.level ?? 0)}${e.search.id}<${e.from ?? ''}`
      : `${'  '.repeat(e.level ?? 0)}${e.item.id}${e.from ? `<${e.from}` : ''}`,
  );

describe('My Searches order', () => {
  it('puts each lead under the search that led to it (oldest lead first, depth 2 under its own parent)', () => {
    // alice (10:00) → alice_dev (10:02) → dev2 (10:04), alice → al_x (10:03); bob at 10:01; an email at 10:05.
    const list = [
      search('dev2', 4, 'alice_dev'),
      search('al_x', 3, 'alice'),
      search('alice_dev', 2, 'alice'),
      search('bob', 1),
      search('alice', 0),
    ];
    expect(shown(mergeNewestFirst(list, [email('mail', 5)], 50))).toEqual([
      'mail',
      'bob<',
      'alice<',
      '  alice_dev<alice',
      '    dev2<alice_dev',
      '  al_x<alice',
    ]);
  });

  it('lists a lead whose parent is not in the list by its own time; plain searches keep the old order', () => {
    const list = [search('orphan', 3, 'deleted'), search('b', 2), search('a', 1)];
    expect(shown(mergeNewestFirst(list, [], 50))).toEqual(['orphan<', 'b<', 'a<']);
    expect(shown(mergeNewestFirst(list, [], 2))).toEqual(['orphan<', 'b<']);
  });

  it('nests an email search’s username searches under it, and an email search a lead started under its username search', () => {
    // mail (10:00) follows leads: a.dev (10:01) and alice_dev (10:02) below it; alice (10:03) → its lead's
    // email search lead (10:05), which led to lead_user (10:06).
    const pivot = (id: string, minute: number, from: string): MySearch => ({
      ...search(id, minute),
      parent_email_search_id: from,
      reason: { text: `the local part of ${from}@example.com`, pivot: 'local_part' },
    });
    const list = [
      pivot('lead_user', 6, 'lead'),
      search('alice', 3),
      pivot('alice_dev', 2, 'mail'),
      pivot('a.dev', 1, 'mail'),
    ];
    expect(shown(mergeNewestFirst(list, [email('lead', 5, 'alice'), email('mail', 0)], 50))).toEqual([
      'alice<',
      '  lead<alice',
      '    lead_user<lead@example.com',
      'mail',
      '  a.dev<mail@example.com',
      '  alice_dev<mail@example.com',
    ]);
  });
});
