import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { entry } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ResultsPanel } from '../search/results-panel.tsx';
import { initialSearchState, type SearchState } from '../search/search-state.ts';

const done: SearchState = {
  ...initialSearchState,
  phase: 'completed',
  username: 'alice',
  searchId: 's 1',
  results: [entry('GitHub')],
  progress: { done: 1, total: 1 },
  startedAt: 0,
  finishedAt: 1000,
};

describe('the results link to the identity graph', () => {
  it('once the search has an address and has ended', () => {
    renderWithApp(<ResultsPanel state={done} />);
    expect(screen.getByRole('link', { name: 'Identity graph' }).getAttribute('href')).toBe('/search/s%201/graph');
  });

  it('not while it runs, nor without an address', () => {
    const { unmount } = renderWithApp(<ResultsPanel state={{ ...done, phase: 'running', finishedAt: null }} />);
    expect(screen.queryByRole('link', { name: 'Identity graph' })).toBeNull();
    unmount();
    renderWithApp(<ResultsPanel state={{ ...done, searchId: null }} />);
    expect(screen.queryByRole('link', { name: 'Identity graph' })).toBeNull();
  });
});
