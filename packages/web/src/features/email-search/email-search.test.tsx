import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en.ts';
import { renderWithApp } from '../../test/render.tsx';
import { csvCell, toCsv } from './email-export.ts';
import { LatestResults, PER_COLUMN, ROTATE_MS, rotated, SAMPLE_RESULTS } from './latest-results.tsx';
import { initialModalState, modalReducer, resultsDue } from './modal-state.ts';

const result = (id: string, name: string, verdict: 'found' | 'not_found' | 'unknown') => ({
  check_id: id,
  name,
  domain: `${id}.example`,
  category: 'social',
  url: '',
  method: 'api',
  verdict,
  evidence: { rule: 'r', elapsed_ms: 1, agreed: [] },
});

describe('email search modal state (spec 001 §4)', () => {
  it('goes select → progress → results, and an error returns to select', () => {
    let s = modalReducer(initialModalState, { type: 'deducted' });
    expect(s.deducted).toBe(true);
    s = modalReducer(s, { type: 'started', searchId: 's1', at: 1000 });
    expect(s.step).toBe('progress');
    s = modalReducer(s, { type: 'result', result: result('a', 'Alpha', 'found'), progress: { done: 1, total: 2 } });
    s = modalReducer(s, { type: 'result', result: result('a', 'Alpha', 'found'), progress: { done: 1, total: 2 } });
    expect(s.results).toHaveLength(1);
    expect(modalReducer(s, { type: 'show_results' }).step).toBe('progress'); // not finished yet
    s = modalReducer(s, { type: 'finished' });
    expect(modalReducer(s, { type: 'show_results' }).step).toBe('results');
    const failed = modalReducer(s, { type: 'failed', error: 'Search failed' });
    expect(failed).toMatchObject({ step: 'select', error: 'Search failed', deducted: false, results: [] });
  });

  it('shows results only when done and the minimum time has passed', () => {
    const s = { ...initialModalState, step: 'progress' as const, startedAt: 0, finished: true };
    expect(resultsDue(s, 179_999, 180)).toBe(false);
    expect(resultsDue(s, 180_000, 180)).toBe(true);
    expect(resultsDue({ ...s, finished: false }, 999_999, 0)).toBe(false);
  });
});

describe('latest results panel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows 10 illustrative entries, 5 per column, and rotates every 7 s', () => {
    expect(SAMPLE_RESULTS).toHaveLength(10);
    expect(SAMPLE_RESULTS.every((e) => e.email.includes('example.'))).toBe(true);
    renderWithApp(<LatestResults />);
    const columns = () => screen.getAllByTestId('latest-column').map((c) => c.querySelectorAll('li').length);
    expect(columns()).toEqual([PER_COLUMN, PER_COLUMN]);
    expect(screen.getByText(en.email.page.latestNote)).toBeTruthy();
    const first = () => screen.getAllByTestId('latest-column')[0]!.querySelector('li')!.textContent;
    const before = first();
    act(() => vi.advanceTimersByTime(ROTATE_MS));
    expect(first()).not.toBe(before);
    expect(rotated([1, 2, 3], 1)).toEqual([2, 3, 1]);
  });
});

describe('email search export', () => {
  it('neutralises formula cells and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('a,b')).toBe('"a,b"');
    const csv = toCsv({
      searchId: 's1',
      email: 'a@example.com',
      timestamp: 't',
      status: 'completed',
      accounts: [{ siteName: '=evil', domain: 'd', category: 'c', urls: ['https://d/x'] }],
    });
    expect(csv.startsWith('\uFEFFsite,domain,category,links')).toBe(true);
    expect(csv).toContain("'=evil,d,c,https://d/x,a@example.com,s1,t");
  });
});
