/** The results page's Leads (issue 29): the child searches with why, each opening its search, polled until ended. */
import type { SearchTree } from '@hound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { plantedTree } from '../../test/graph-trees.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LeadsSection } from './leads-section.tsx';

function tree(childStatus: string, withChild = true): SearchTree {
  const base = plantedTree();
  return {
    ...base,
    searches: base.searches
      .filter((s) => withChild || s.id === 'r1')
      .map((s) => (s.id === 'c1' ? { ...s, status: childStatus } : s.id === 'r1' ? { ...s, follow_depth: 2 } : s)),
  };
}

/** Answers the given trees in turn (the last one again), counting the calls. */
function server(...answers: Array<SearchTree | null>) {
  const calls: string[] = [];
  return {
    calls,
    fetchTree: async (id: string) => {
      calls.push(id);
      return answers[Math.min(calls.length - 1, answers.length - 1)] ?? null;
    },
  };
}

describe('Leads on the results page', () => {
  it('lists each lead with its reason, status and found count, a link to open it and the graph link', async () => {
    const { fetchTree } = server(tree('completed'));
    renderWithApp(<LeadsSection searchId="r1" fetchTree={fetchTree} pollMs={10} />);
    const section = await screen.findByRole('region', { name: 'Leads' });
    const [dev, email] = within(section).getAllByTestId('lead');
    expect(dev?.textContent).toContain('alice_dev');
    expect(dev?.textContent).toContain('linked from the GitHub profile of alice');
    expect(dev?.textContent).toMatch(/completed · \d+ found/);
    expect(within(dev!).getByRole('link', { name: 'Open alice_dev' }).getAttribute('href')).toBe('/search/c1');
    // The address is shown with why, but not searched (an email search costs a credit): nothing to open.
    expect(email?.textContent).toContain('stated on the GitLab profile of alice_dev');
    expect(email?.textContent).toContain('not searched');
    expect(within(email!).queryByRole('link')).toBeNull();
    expect(within(section).getByRole('link', { name: 'Identity graph' }).getAttribute('href')).toBe('/search/r1/graph');
  });

  it('asks again while a lead runs, and stops once every lead has ended', async () => {
    const { calls, fetchTree } = server(tree('running'), tree('running'), tree('completed'));
    renderWithApp(<LeadsSection searchId="r1" fetchTree={fetchTree} pollMs={10} />);
    await screen.findByText(/^running/);
    await screen.findByText(/^completed · \d+ found/);
    const settled = calls.length;
    expect(settled).toBe(3);
    await new Promise((r) => setTimeout(r, 80));
    expect(calls.length).toBe(settled);
  });

  it('says when a search that follows leads found none, after waiting a little for them', async () => {
    const { calls, fetchTree } = server(tree('completed', false));
    renderWithApp(<LeadsSection searchId="r1" fetchTree={fetchTree} pollMs={5} />);
    await screen.findByText('No leads: the found profiles link to no other username.');
    expect(calls.length).toBe(5);
  });

  it('shows nothing for a search that does not follow leads, or that the server has no tree for', async () => {
    const plain = plantedTree();
    const one = { ...plain, searches: plain.searches.filter((s) => s.id === 'r1') };
    const a = server(one);
    const { container, unmount } = renderWithApp(<LeadsSection searchId="r1" fetchTree={a.fetchTree} pollMs={5} />);
    await waitFor(() => expect(a.calls.length).toBe(1));
    await new Promise((r) => setTimeout(r, 30));
    expect(container.textContent).toBe('');
    expect(a.calls.length).toBe(1);
    unmount();
    const b = server(null);
    const second = renderWithApp(<LeadsSection searchId="gone" fetchTree={b.fetchTree} />);
    await waitFor(() => expect(b.calls.length).toBe(1));
    expect(second.container.textContent).toBe('');
  });

  it('in Turkish, the reason is worded in the page’s language', async () => {
    const { fetchTree } = server(tree('completed'));
    renderWithApp(<LeadsSection searchId="r1" fetchTree={fetchTree} />, { language: 'tr' });
    const section = await screen.findByRole('region', { name: 'İpuçları' });
    expect(section.textContent).toContain('alice adlı kullanıcının GitHub profilinden bağlantı');
    expect(section.textContent).toMatch(/tamamlandı · \d+ bulundu/);
  });
});
