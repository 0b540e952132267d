import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { entry } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ResultsPanel } from './results-panel.tsx';
import { initialSearchState, type SearchState } from './search-state.ts';

const results = [
  entry('GitHub', { category: 'coding' }),
  entry('Reddit', { verdict: 'not_found', category: '' }),
  entry('Steam', { verdict: 'unknown', reason: 'timeout', category: 'gaming' }),
  entry('Instagram', { category: 'social' }),
];
const completed: SearchState = {
  ...initialSearchState,
  phase: 'completed',
  username: 'alice',
  searchId: 's1',
  results,
  progress: { done: 4, total: 4 },
  startedAt: 0,
  finishedAt: 3000,
};
const sponsored = [
  { id: 'sp1', title: 'Acme OSINT course', description: 'Learn investigations', url: 'https://acme.example' },
  { id: 'sp2', title: 'Second sponsor', description: '', url: 'https://two.example' },
];

const listNames = () =>
  Array.from(screen.getByRole('list', { name: 'Results for "alice"' }).querySelectorAll('article')).map(
    (a) => a.dataset.platform,
  );

describe('ResultsPanel', () => {
  it('shows the heading, the summary and why some sites are unknown', () => {
    renderWithApp(<ResultsPanel state={completed} />);
    expect(screen.getByRole('heading', { name: 'Results for "alice"' })).toBeTruthy();
    expect(screen.getByText('Found 2 profiles across 4 platforms. (1 not found)')).toBeTruthy();
    expect(screen.getByText(/1 site could not be checked: timed out \(1\)/)).toBeTruthy();
  });

  it('shows found profiles by default and switches status filters', () => {
    renderWithApp(<ResultsPanel state={completed} />);
    expect(screen.getByRole('button', { name: /Found only/ }).getAttribute('aria-pressed')).toBe('true');
    expect(listNames()).toEqual(['GitHub', 'Instagram']);
    fireEvent.click(screen.getByRole('button', { name: /Not found/ }));
    expect(listNames()).toEqual(['Reddit']);
    fireEvent.click(screen.getByRole('button', { name: /^All 4/ }));
    expect(listNames()).toHaveLength(4);
  });

  it('filters by several categories, and shows the empty message when nothing matches', () => {
    renderWithApp(<ResultsPanel state={completed} />);
    fireEvent.click(screen.getByRole('button', { name: /^All 4/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Gaming/ }));
    expect(listNames()).toEqual(['Steam']);
    fireEvent.click(screen.getByRole('button', { name: /^Found only/ }));
    expect(screen.getByText('No results match your current filters.')).toBeTruthy();
    // GitHub is in the spec's keyword table: Professional, whatever its catalogue says (decision 146).
    fireEvent.click(screen.getByRole('button', { name: /^Professional/ }));
    expect(listNames()).toEqual(['GitHub']);
    fireEvent.click(screen.getByRole('button', { name: 'All categories' }));
    expect(listNames()).toEqual(['GitHub', 'Instagram']);
  });

  it('groups catalogue categories under the six groups, counted under the status filter (defect 3)', () => {
    const many = [
      ...results,
      ...Array.from({ length: 40 }, (_, i) => entry(`Board ${i}`, { verdict: 'not_found', category: 'forum' })),
      entry('Talk', { category: 'discussion' }),
      entry('Pics', { verdict: 'not_found', category: 'photo' }),
      entry('Shop', { verdict: 'not_found', category: 'shopping' }),
    ];
    renderWithApp(<ResultsPanel state={{ ...completed, results: many }} />);
    const chips = () =>
      Array.from(screen.getByRole('group', { name: 'Categories' }).querySelectorAll('button')).map(
        (b) => b.textContent,
      );
    // Found only: 3 found, and only their groups, with found counts (not "Forum 41").
    expect(chips()).toEqual(['All categories', 'Social1', 'Professional1', 'Forum1', 'Discussion1']);
    fireEvent.click(screen.getByRole('button', { name: /^All 47/ }));
    expect(chips()).toEqual([
      'All categories',
      'Social1',
      'Professional1',
      'Gaming1',
      'Forum42',
      'Creative1',
      'Other1',
      'Discussion1',
      'Photo1',
      'Shopping1',
    ]);
    // The catalogue categories sit in a closed disclosure, under their group.
    const details = screen.getByText('Catalogue categories (3)').closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Forum/ }));
    expect(listNames()).toContain('Talk');
    expect(listNames()).not.toContain('GitHub');
    fireEvent.click(screen.getByRole('button', { name: /^Forum/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Discussion/ }));
    expect(listNames()).toEqual(['Talk']);
  });

  it('a search with no finds lists no category counts under "Found only" (defect 3)', () => {
    const none = results.filter((e) => e.result.verdict !== 'found');
    renderWithApp(<ResultsPanel state={{ ...completed, results: none }} />);
    expect(screen.queryByRole('group', { name: 'Categories' })).toBeNull();
  });

  it('filters by site name and sorts by name, category or verdict (capability 10)', () => {
    renderWithApp(<ResultsPanel state={completed} />);
    fireEvent.click(screen.getByRole('button', { name: /^All 4/ }));
    fireEvent.change(screen.getByLabelText('Find a site'), { target: { value: 'st' } });
    expect(listNames()).toEqual(['Steam', 'Instagram']);
    fireEvent.change(screen.getByLabelText('Find a site'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'name' } });
    expect(listNames()).toEqual(['GitHub', 'Instagram', 'Reddit', 'Steam']);
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'verdict' } });
    expect(listNames()).toEqual(['GitHub', 'Instagram', 'Steam', 'Reddit']);
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'category' } });
    expect(listNames()).toEqual(['Instagram', 'GitHub', 'Steam', 'Reddit']);
  });

  it('expands a card to show the URL, verdict, reason and evidence', () => {
    renderWithApp(<ResultsPanel state={completed} />);
    fireEvent.click(screen.getByRole('button', { name: /^All 4/ }));
    const steam = screen.getByRole('button', { name: /Steam/ });
    expect(steam.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(steam);
    expect(steam.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('https://steam.example/alice')).toBeTruthy();
    expect(screen.getByText('The site did not answer in time.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeTruthy();
    expect(screen.getByText('status_code')).toBeTruthy();
    expect(screen.getByText('Sherlock')).toBeTruthy();
  });

  it('names a site refused for its internal address (blocked_address), in the summary and the card', () => {
    const refused = entry('Intranet', { verdict: 'unknown', reason: 'blocked_address', category: 'other' });
    renderWithApp(<ResultsPanel state={{ ...completed, results: [...results, refused] }} />);
    expect(screen.getByText(/2 sites could not be checked: .*internal address \(1\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^All 5/ }));
    fireEvent.click(screen.getByRole('button', { name: /Intranet/ }));
    expect(screen.getByText(/is not on the public internet, so it was not asked/)).toBeTruthy();
  });

  it('labels sponsored entries, never counts them, and hides them under "Not found"', () => {
    renderWithApp(<ResultsPanel state={completed} />, { config: { sponsored } });
    expect(screen.getAllByText('Sponsored')).toHaveLength(2);
    expect(screen.getByText('Acme OSINT course')).toBeTruthy();
    expect(screen.getByText('Found 2 profiles across 4 platforms. (1 not found)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Found only/ }).textContent).toContain('2');
    fireEvent.click(screen.getByRole('button', { name: /Not found/ }));
    expect(screen.queryByText('Sponsored')).toBeNull();
  });

  it('shows errors under an Error heading', () => {
    renderWithApp(
      <ResultsPanel state={{ ...completed, phase: 'failed', results: [], error: { kind: 'http', status: 422 } }} />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeTruthy();
    expect(within(alert).getByText('Use letters only. Do not use special characters.')).toBeTruthy();
  });

  it('a disputed site says what each catalogue concluded, and the Unknown chip equals the summary lines (capability 13)', () => {
    const disputed = entry('Forumia', {
      verdict: 'unknown',
      reason: 'conflict',
      category: 'forum',
      evidence: {
        rule: 'catalogues disagree',
        elapsed_ms: 90,
        agreed: [],
        outcomes: [
          { format: 'sherlock', verdict: 'found', rule: 'status 200' },
          { format: 'maigret', verdict: 'not_found', rule: 'absence string' },
        ],
      },
    });
    const skipped = entry('Tiny', { verdict: 'invalid', reason: 'unsupported_username', category: 'other' });
    renderWithApp(<ResultsPanel state={{ ...completed, results: [...results, disputed, skipped] }} />);
    expect(screen.getByText(/^1 site could not be checked: timed out \(1\)/)).toBeTruthy();
    expect(screen.getByText(/^On 1 site the catalogues disagree/)).toBeTruthy();
    expect(screen.getByText(/^1 site was skipped .* \(listed under Unknown\)/)).toBeTruthy();
    const chip = screen.getByRole('button', { name: /^Unknown/ });
    expect(chip.textContent).toBe('Unknown3'); // timed out + disputed + skipped: the three lines above
    fireEvent.click(chip);
    fireEvent.click(screen.getByRole('button', { name: /^Forumia/ }));
    expect(
      screen.getByText(
        'The catalogues disagree about this site: Sherlock says found, Maigret says not found. Open the profile to decide.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/could not be checked, so nothing is known/)).toBeNull();
  });

  it('copies and opens the found profiles shown (capability 10)', async () => {
    // jsdom is no secure context: the copy goes through the textarea fallback.
    let copied = '';
    document.execCommand = vi.fn(() => {
      copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithApp(<ResultsPanel state={completed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy found links (2)' }));
    await waitFor(() => expect(copied).toBe('https://github.example/alice\nhttps://instagram.example/alice'));
    fireEvent.click(screen.getByRole('button', { name: 'Open all found (2)' }));
    expect(open.mock.calls.map((c) => c[0])).toEqual([
      'https://github.example/alice',
      'https://instagram.example/alice',
    ]);
    open.mockRestore();
  });

  it('never opens, links or exports a profile address that is not http(s) (decision 098)', async () => {
    const hostile: SearchState = {
      ...completed,
      results: [
        entry('GitHub', { category: 'coding' }),
        entry('Evil', { url: 'javascript://evil.example/%0Aalert(document.domain)//alice' }),
        entry('Data', { url: 'data:text/html,<script>alert(1)</script>' }),
      ],
    };
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderWithApp(<ResultsPanel state={hostile} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open all found (1)' }));
    expect(open.mock.calls.map((c) => c[0])).toEqual(['https://github.example/alice']);
    open.mockRestore();
    // Expanded, the card says there is no profile address instead of linking it.
    fireEvent.click(screen.getByRole('button', { name: /^Evil/ }));
    expect(document.querySelector('a[href^="javascript"], a[href^="data"]')).toBeNull();
    const { rows } = await import('./export.ts');
    expect(rows(hostile.results).map((r) => r.url)).toEqual(['https://github.example/alice', '', '']);
  });

  it('folds the export tools into one line on a phone, open on wider screens', () => {
    const media = (matches: boolean) =>
      vi.fn(() => ({ matches, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList);
    window.matchMedia = media(false);
    const { unmount } = renderWithApp(<ResultsPanel state={completed} />);
    expect(screen.getByText('Export, report and links').closest('details')!.open).toBe(false);
    unmount();
    window.matchMedia = media(true);
    renderWithApp(<ResultsPanel state={completed} />);
    expect(screen.getByText('Export, report and links').closest('details')!.open).toBe(true);
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('counts in the singular where there is one', () => {
    renderWithApp(<ResultsPanel state={{ ...completed, results: [results[0]!], progress: { done: 1, total: 1 } }} />);
    expect(screen.getByText('Found 1 profile across 1 platform. (0 not found)')).toBeTruthy();
  });

  it('speaks Turkish when asked', () => {
    renderWithApp(<ResultsPanel state={completed} />, { language: 'tr' });
    expect(screen.getByRole('heading', { name: '"alice" için sonuçlar' })).toBeTruthy();
    expect(screen.getByText('4 platformda 2 profil bulundu. (1 bulunamadı)')).toBeTruthy();
  });
});
