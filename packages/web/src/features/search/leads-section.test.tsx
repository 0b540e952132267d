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
      .map((s) =>
        s.id === 'c1'
          ? { ...s, status: childStatus }
          : s.id === 'r1'
            ? { ...s, follow_depth: 2 }
            : // As the server sends an address nobody has searched yet.
              s.id === 'e1'
              ? { ...s, status: 'not_started', lead_id: 'e1' }
              : s,
      ),
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

  /** An email search that follows leads (decision 116): its pivot's username searches, one held by a limit. */
  function emailTree(): SearchTree {
    return {
      format: 'hound-tree/1',
      root_id: 'm1',
      searches: [
        {
          id: 'm1',
          kind: 'email',
          query: 'a.dev@example.com',
          parent_id: null,
          depth: 0,
          reason: null,
          status: 'completed',
          follow_depth: 1,
        },
        {
          id: 'u1',
          kind: 'username',
          query: 'a.dev',
          parent_id: 'm1',
          depth: 1,
          reason: { text: 'the local part of a.dev@example.com', pivot: 'local_part' },
          status: 'completed',
          follow_depth: 1,
        },
        {
          id: 'h1',
          kind: 'username',
          query: 'alice_dev',
          parent_id: 'm1',
          depth: 1,
          reason: {
            text: 'the username Duolingo shows for a.dev@example.com',
            from_site: 'Duolingo',
            pivot: 'returned_username',
          },
          status: 'not_searched',
          held: 'daily_limit',
        },
      ],
      profiles: [{ search_id: 'u1', site: 'GitHub', url: 'https://github.example/a.dev', facts: [] }],
    };
  }

  it('an email search’s leads: the local part and a returned username, one held back by the daily limit', async () => {
    const { fetchTree } = server(emailTree());
    renderWithApp(<LeadsSection searchId="m1" fetchTree={fetchTree} />);
    const section = await screen.findByRole('region', { name: 'Leads' });
    expect(section.textContent).toContain('Username searches started from this address');
    const [local, held] = within(section).getAllByTestId('lead');
    expect(local?.textContent).toContain('the part before the @ of a.dev@example.com');
    expect(local?.textContent).toContain('completed · 1 found');
    expect(within(local!).getByRole('link', { name: 'Open a.dev' }).getAttribute('href')).toBe('/search/u1');
    expect(held?.textContent).toContain('the username Duolingo shows for a.dev@example.com');
    expect(held?.textContent).toContain('not searched: daily limit reached');
    expect(within(held!).queryByRole('link')).toBeNull();
  });

  it('in Turkish, an email search’s leads say why and what held them back', async () => {
    const { fetchTree } = server(emailTree());
    renderWithApp(<LeadsSection searchId="m1" fetchTree={fetchTree} />, { language: 'tr' });
    const section = await screen.findByRole('region', { name: 'İpuçları' });
    expect(section.textContent).toContain('a.dev@example.com adresinin @ işaretinden önceki kısmı');
    expect(section.textContent).toContain('Duolingo sitesinin a.dev@example.com için gösterdiği kullanıcı adı');
    expect(section.textContent).toContain('aranmadı: günlük sınıra ulaşıldı');
  });

  it('an address nobody searched yet offers its search at one credit, to a signed-in owner; a searched one opens', async () => {
    const base = tree('completed');
    const { fetchTree } = server(base);
    const first = renderWithApp(<LeadsSection searchId="r1" fetchTree={fetchTree} />);
    const section = await screen.findByRole('region', { name: 'Leads' });
    const email = within(section).getAllByTestId('lead')[1]!;
    // Signed out (as here): what it costs and that signing in comes first, no button.
    expect(email.textContent).toContain('Sign in to search this address (1 credit).');
    expect(within(email).queryByRole('button')).toBeNull();

    const searched: SearchTree = {
      ...base,
      searches: base.searches.map((s) => (s.id === 'e1' ? { ...s, id: 'es9', lead_id: 'e1', status: 'completed' } : s)),
      profiles: [...base.profiles, { search_id: 'es9', site: 'Duolingo', url: '', facts: [] }],
    };
    first.unmount();
    const again = server(searched);
    renderWithApp(<LeadsSection searchId="r1" fetchTree={again.fetchTree} />);
    const after = await screen.findByRole('region', { name: 'Leads' });
    const row = within(after).getAllByTestId('lead')[1]!;
    expect(row.textContent).toContain('completed · 1 found');
    expect(within(row).getByRole('link', { name: 'Open a.dev@example.com' }).getAttribute('href')).toBe(
      '/email-search/es9',
    );
  });
});
