import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plantedTree } from '../../test/graph-trees.ts';
import { renderWithApp } from '../../test/render.tsx';
import GraphPage from './graph-page.tsx';

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function open(path: string, language: 'en' | 'tr' = 'en') {
  return renderWithApp(
    <Routes>
      <Route path="search/:id/graph" element={<GraphPage />} />
      <Route path="graph" element={<GraphPage />} />
    </Routes>,
    { path, language },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('graph page', () => {
  it('asks the server for the search tree and says so when there is none', async () => {
    const fetch = vi.fn(() => answer(404, { code: 'NOT_FOUND' }));
    vi.stubGlobal('fetch', fetch);
    open('/search/s%201/graph');
    expect(await screen.findByText(/This search has no graph here/)).toBeTruthy();
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/search/s%201/tree');
    expect(screen.getByRole('link', { name: /Back to the results/ }).getAttribute('href')).toBe('/search/s%201');
    expect(screen.getByLabelText('Open a Hound export')).toBeTruthy();
  });

  it('says a private graph is private (an email search’s tree, signed out) instead of “try later”', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(401, { code: 'AUTH_REQUIRED' })),
    );
    open('/search/s1/graph');
    expect(await screen.findByText(/This graph is private/)).toBeTruthy();
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('refuses an answer that is not a search tree', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(200, { format: 'other' })),
    );
    open('/search/s1/graph');
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
  });

  it('shows a tree from the server: nodes listed, a chosen profile’s facts with their sources', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(200, plantedTree())),
    );
    open('/search/r1/graph');
    await screen.findByRole('heading', { name: 'Identity graph of “alice”' });
    expect(screen.getByText('Showing 10 of 10')).toBeTruthy();
    // Counts in the singular where there is one; what becomes a node; one email search with 1 account.
    expect(screen.getByText(/^3 searches · 4 profiles · \d+ ties$/)).toBeTruthy();
    expect(screen.getByText(/^What becomes a node: each search/)).toBeTruthy();
    expect(screen.getByText(/^The email search for a.dev@example.com found 1 registered account\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Profile GitHub https:\/\/github.example\/alice/ }));
    const details = screen.getByRole('heading', { name: 'GitHub', level: 2 }).closest('section')!;
    expect(within(details).getByText('Alice Example')).toBeTruthy();
    const sources = within(details).getAllByRole('link', { name: 'source' });
    expect(sources[0]!.getAttribute('href')).toBe('https://github.example/alice');
    // Its ties, as buttons that move to the other node.
    fireEvent.click(within(details).getByRole('button', { name: 'Username: alice_dev' }));
    const child = screen.getByRole('heading', { name: 'alice_dev', level: 2 }).closest('section')!;
    // Why it was searched (and the same sentence on its tie to the GitHub profile).
    expect(within(child).getByText('Why').nextElementSibling!.textContent).toMatch(
      /^linked from the GitHub profile of alice/,
    );
    expect(within(child).getAllByText(/linked from the GitHub profile of alice/)).toHaveLength(2);
    // The list filters by text and kind.
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'website' } });
    await waitFor(() => expect(screen.getByText('Showing 1 of 1')).toBeTruthy());
  });

  it('a chosen node belongs to its graph: opening another export starts with nothing chosen', async () => {
    open('/graph');
    const input = screen.getByLabelText('Open a Hound export') as HTMLInputElement;
    const openFile = async (name: string) => {
      fireEvent.change(input, { target: { files: [new File([JSON.stringify(plantedTree())], name)] } });
      await screen.findByText(new RegExp(`Opened from ${name.replace('.', '\\.')}`));
    };
    await openFile('first.json');
    fireEvent.click(screen.getByRole('button', { name: /^Profile GitHub https:\/\/github.example\/alice/ }));
    expect(screen.getByRole('heading', { name: 'GitHub', level: 2 })).toBeTruthy();
    await openFile('second.json');
    expect(screen.queryByRole('heading', { name: 'GitHub', level: 2 })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Details', level: 2 })).toBeTruthy();
  });

  it('opens an export from a file, and refuses one that is not', async () => {
    open('/graph', 'tr');
    const input = screen.getByLabelText('Hound dışa aktarımı aç') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['{"format":"x"}'], 'x.json')] } });
    expect(await screen.findByText(/Bu dosya bir Hound dışa aktarımı \(hound-tree\/1\) değil: format/)).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(plantedTree())], 'alice.json')] } });
    await screen.findByRole('heading', { name: '“alice” için kimlik grafiği' });
    expect(screen.queryByText(/Bu dosya bir Hound/)).toBeNull();
    expect(screen.getByText(/alice\.json dosyasından açıldı/)).toBeTruthy();
  });
});
