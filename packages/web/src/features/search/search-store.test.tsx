import type { SearchStatusResponse } from '@hound/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchApi, StartOutcome, StatusOutcome, StreamHandlers } from '../../api/search-api.ts';
import type { KeyValueStore } from '../../lib/storage.ts';
import { entry } from '../../test/fixtures.ts';
import { ManualClock, settle } from '../../test/manual-clock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { readHistory } from './history.ts';
import SearchPage from './search-page.tsx';
import { createSearchStore, type SearchStore } from './search-store.ts';

class FakeApi implements SearchApi {
  startAnswer: StartOutcome = { ok: true, searchId: 's1' };
  stored = new Map<string, SearchStatusResponse>();
  started: string[] = [];
  cancelled: string[] = [];
  streams: Array<{ id: string; handlers: StreamHandlers; closed: boolean }> = [];
  async start(username: string) {
    this.started.push(username);
    return this.startAnswer;
  }
  async status(id: string): Promise<StatusOutcome> {
    const body = this.stored.get(id);
    return body ? { ok: true, body } : { ok: false, missing: true };
  }
  async cancel(id: string) {
    this.cancelled.push(id);
  }
  stream = (id: string, handlers: StreamHandlers) => {
    const s = { id, handlers, closed: false };
    this.streams.push(s);
    return () => {
      s.closed = true;
    };
  };
}

function memory(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const completedAlice: SearchStatusResponse = {
  status: 'completed',
  username: 'alice',
  progress: { done: 2, total: 2 },
  created_at: '2026-01-01T10:00:00.000Z',
  started_at: '2026-01-01T10:00:01.000Z',
  finished_at: '2026-01-01T10:00:13.000Z',
  result: {
    results: { GitHub: entry('GitHub').result, Reddit: entry('Reddit', { verdict: 'not_found' }).result },
    total_found: 1,
  },
};

describe('search store (issue 15: a search survives leaving the page, and has an address)', () => {
  let api: FakeApi;
  let storage: KeyValueStore;
  let clock: ManualClock;
  let store: SearchStore;

  beforeEach(() => {
    api = new FakeApi();
    storage = memory();
    clock = new ManualClock();
    store = createSearchStore({ api, storage: () => storage, clock, now: () => 1000 });
  });

  it('keeps a search running with no page subscribed and saves its history entry with its id', async () => {
    store.start('alice');
    await settle();
    expect(store.getSnapshot().state).toMatchObject({ phase: 'running', searchId: 's1' });
    // No page is listening (the visitor is in the Library): the stream still feeds the store.
    const { handlers, closed } = api.streams[0]!;
    expect(closed).toBe(false);
    handlers.onResult({ platform: 'GitHub', result: entry('GitHub').result, progress: { done: 1, total: 1 } });
    handlers.onDone({ status: 'completed', total_found: 1, progress: { done: 1, total: 1 } });
    expect(store.getSnapshot().state).toMatchObject({ phase: 'completed', username: 'alice' });
    expect(api.cancelled).toEqual([]);
    expect(readHistory(storage)).toEqual([{ username: 'alice', timestamp: 1000, resultCount: 1, searchId: 's1' }]);
    expect(store.getSnapshot().history).toHaveLength(1);
  });

  it('reopens a stored search by id with its results and times, without searching again', async () => {
    api.stored.set('s9', completedAlice);
    store.open('s9');
    // Until its snapshot answers it is being opened: nothing to cancel, no name to show.
    expect(store.getSnapshot().state).toMatchObject({ phase: 'opening', username: '', searchId: 's9' });
    await settle();
    const { state } = store.getSnapshot();
    expect(state).toMatchObject({ phase: 'completed', username: 'alice', searchId: 's9', reopened: true });
    expect(state.results.map((e) => e.platform)).toEqual(['GitHub', 'Reddit']);
    expect(state.finishedAt! - state.startedAt!).toBe(12_000);
    expect(api.started).toEqual([]);
    expect(readHistory(storage)).toEqual([]); // someone else's shared search is not put in this visitor's history
  });

  it('follows a reopened search that still runs from its first result', async () => {
    api.stored.set('s2', { status: 'running', username: 'bob', progress: { done: 1, total: 3 } });
    store.open('s2');
    await settle();
    expect(store.getSnapshot().state).toMatchObject({ phase: 'running', username: 'bob', searchId: 's2' });
    expect(api.streams.map((s) => s.id)).toEqual(['s2']);
  });

  it('several names run one after another, each a search of its own (capability 12)', async () => {
    let next = 0;
    api.start = async (username: string) => {
      api.started.push(username);
      next += 1;
      return { ok: true, searchId: `s${next}` };
    };
    store.startMany(['alice', 'bob', 'carol']);
    await settle();
    expect(api.started).toEqual(['alice']);
    expect(store.getSnapshot().batch!.map((b) => b.phase)).toEqual(['running', 'waiting', 'waiting']);
    api.streams[0]!.handlers.onResult({
      platform: 'GitHub',
      result: entry('GitHub').result,
      progress: { done: 1, total: 1 },
    });
    api.streams[0]!.handlers.onDone({ status: 'completed', total_found: 1, progress: { done: 1, total: 1 } });
    await settle();
    expect(api.started).toEqual(['alice', 'bob']);
    expect(store.getSnapshot().batch![0]).toEqual({ username: 'alice', searchId: 's1', phase: 'completed', found: 1 });
    api.streams[1]!.handlers.onDone({ status: 'completed', total_found: 0, progress: { done: 1, total: 1 } });
    await settle();
    expect(api.started).toEqual(['alice', 'bob', 'carol']);
    store.cancel();
    await settle();
    expect(store.getSnapshot().batch!.map((b) => b.phase)).toEqual(['completed', 'completed', 'cancelled']);
    expect(readHistory(storage).map((h) => h.username)).toEqual(['bob', 'alice']);
  });

  it('a gone search says so; reopened from the recent list it is searched afresh', async () => {
    store.open('gone');
    await settle();
    expect(store.getSnapshot().state).toMatchObject({ phase: 'failed', error: { kind: 'missing' } });
    store.open('gone-too', 'carol');
    await settle();
    await settle();
    expect(api.started).toEqual(['carol']);
  });
});

function Nav() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/library')}>
        to library
      </button>
      <button type="button" onClick={() => navigate('/')}>
        to home
      </button>
    </>
  );
}

describe('search page', () => {
  let api: FakeApi;
  let store: SearchStore;
  const renderPage = (path = '/') =>
    renderWithApp(
      <>
        <Nav />
        <Routes>
          <Route path="/" element={<SearchPage store={store} />} />
          <Route path="/search/:id" element={<SearchPage store={store} />} />
          <Route path="/library" element={<p>Library page</p>} />
        </Routes>
      </>,
      { path },
    );

  beforeEach(() => {
    localStorage.clear();
    api = new FakeApi();
    store = createSearchStore({ api, storage: () => localStorage });
  });

  it('the recent-searches list is not inside a clipping box (defect 1)', async () => {
    localStorage.setItem('searchHistory', JSON.stringify([{ username: 'alice', timestamp: 1, resultCount: 2 }]));
    store = createSearchStore({ api, storage: () => localStorage });
    renderPage();
    fireEvent.focus(screen.getByPlaceholderText('Enter username to search...'));
    const heading = screen.getByText('Recent searches (1)');
    for (let el = heading.parentElement; el && el !== document.body; el = el.parentElement) {
      // The list itself scrolls; nothing around it may clip it.
      if (el.contains(screen.getByRole('button', { name: /alice/ })) && el !== heading.closest('[id]')) {
        expect(el.className).not.toMatch(/overflow-(hidden|clip)/);
      }
    }
  });

  it('leaving mid-search and coming back shows the same running search (defect 2)', async () => {
    renderPage();
    fireEvent.change(screen.getByPlaceholderText('Enter username to search...'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(store.getSnapshot().state.searchId).toBe('s1'));
    fireEvent.click(screen.getByRole('button', { name: 'to library' }));
    expect(screen.getByText('Library page')).toBeTruthy();
    expect(api.cancelled).toEqual([]);
    act(() =>
      api.streams[0]!.handlers.onResult({
        platform: 'GitHub',
        result: entry('GitHub').result,
        progress: { done: 1, total: 4 },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'to home' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect((screen.getByPlaceholderText('Enter username to search...') as HTMLInputElement).value).toBe('alice');
    await waitFor(() => expect(screen.getByRole('button', { name: /^GitHub/ })).toBeTruthy());
  });

  it('a search started on the page moves to its own address', async () => {
    renderPage();
    fireEvent.change(screen.getByPlaceholderText('Enter username to search...'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Results for "alice"' })).toBeTruthy());
    // The page at /search/s1 renders the same store (a reload would reopen it).
    expect(store.getSnapshot().state.searchId).toBe('s1');
  });

  it('/search/{id} shows the stored results (capability 9)', async () => {
    api.stored.set('s9', completedAlice);
    renderPage('/search/s9');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Results for "alice"' })).toBeTruthy());
    expect(screen.getByText(/Search complete in 12/)).toBeTruthy();
    expect(api.started).toEqual([]);
  });

  it('a name that breaks the rule is refused at the form with the rule, nothing sent (defect 7)', async () => {
    renderPage();
    const input = screen.getByPlaceholderText('Enter username to search...');
    for (const [name, says] of [
      ['mañana', /Not allowed: “ñ”/],
      ['a'.repeat(65), /This name has 65 characters/],
      ['john doe', /Spaces are not allowed/],
    ] as const) {
      fireEvent.change(input, { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toMatch(says);
      expect(alert.textContent).toMatch(/letters A–Z, digits and \. _ - only, up to 64 characters/);
    }
    expect(api.started).toEqual([]);
    expect(screen.queryByRole('heading', { name: /Results for/ })).toBeNull();
  });

  it('several names and variants from the form, with a panel of each name (capability 12)', async () => {
    let next = 0;
    api.start = async (username: string) => {
      api.started.push(username);
      next += 1;
      return { ok: true, searchId: `s${next}` };
    };
    renderPage();
    fireEvent.click(screen.getByText('Search options: several names, variants, which sites'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Also search variants/ }));
    fireEvent.change(screen.getByPlaceholderText('Enter username to search...'), {
      target: { value: 'john doe, amy' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByText('Several usernames (0 of 5 done)')).toBeTruthy());
    expect(api.started).toEqual(['john_doe']);
    const rows = screen.getByRole('region', { name: /Several usernames/ }).querySelectorAll('li');
    expect(Array.from(rows).map((li) => li.textContent)).toEqual([
      'john_doeSearching…',
      'john-doeWaiting',
      'john.doeWaiting',
      'johndoeWaiting',
      'amyWaiting',
    ]);
  });

  it('a refused start shows its error at the form and no stale panels (defect 7)', async () => {
    api.stored.set('s9', completedAlice);
    renderPage('/search/s9');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Results for "alice"' })).toBeTruthy());
    api.startAnswer = { ok: false, error: { kind: 'busy' } };
    const input = screen.getByPlaceholderText('Enter username to search...');
    fireEvent.change(input, { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/The system is busy/));
    expect(screen.queryByRole('heading', { name: /Results for/ })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
