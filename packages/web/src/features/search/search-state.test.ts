import { describe, expect, it } from 'vitest';
import { entry } from '../../test/fixtures.ts';
import { initialSearchState, isActive, type SearchAction, type SearchState, searchReducer } from './search-state.ts';

const run = (...actions: SearchAction[]) => actions.reduce(searchReducer, initialSearchState);
const running = (): SearchState =>
  run({ type: 'start', username: 'alice', at: 1000 }, { type: 'started', searchId: 's1' });

describe('search state machine', () => {
  it('starts: clears the previous search and records the name and time', () => {
    const previous = { ...running(), results: [entry('GitHub')], error: { kind: 'unknown' as const } };
    const next = searchReducer(previous, { type: 'start', username: 'bob', at: 5000 });
    expect(next).toMatchObject({
      phase: 'starting',
      username: 'bob',
      searchId: null,
      results: [],
      error: null,
      startedAt: 5000,
    });
    expect(isActive(next)).toBe(true);
  });

  it('moves to running when the search id arrives, and only from starting', () => {
    expect(running()).toMatchObject({ phase: 'running', searchId: 's1' });
    expect(searchReducer(initialSearchState, { type: 'started', searchId: 'x' })).toBe(initialSearchState);
  });

  it('merges streamed results by platform, keeping arrival order and the largest progress', () => {
    let state = searchReducer(running(), {
      type: 'results',
      searchId: 's1',
      entries: [entry('GitHub'), entry('Reddit', { verdict: 'not_found' })],
      progress: { done: 2, total: 10 },
    });
    state = searchReducer(state, {
      type: 'results',
      searchId: 's1',
      entries: [entry('GitHub', { verdict: 'unknown', reason: 'timeout' }), entry('Steam')],
      progress: { done: 1, total: 10 },
    });
    expect(state.results.map((e) => e.platform)).toEqual(['GitHub', 'Reddit', 'Steam']);
    expect(state.results[0]!.result.verdict).toBe('unknown');
    expect(state.progress).toEqual({ done: 2, total: 10 });
  });

  it('ignores events of another search', () => {
    const state = running();
    expect(searchReducer(state, { type: 'results', searchId: 'old', entries: [entry('GitHub')] })).toBe(state);
    expect(
      searchReducer(state, {
        type: 'done',
        searchId: 'old',
        status: 'completed',
        progress: { done: 1, total: 1 },
        at: 2,
      }),
    ).toBe(state);
  });

  it('completes from the stream, and a completion carrying an error fails with that error', () => {
    const done = searchReducer(running(), {
      type: 'done',
      searchId: 's1',
      status: 'completed',
      progress: { done: 3, total: 3 },
      at: 4000,
    });
    expect(done).toMatchObject({ phase: 'completed', finishedAt: 4000, error: null, searchId: 's1' });
    const failed = searchReducer(running(), {
      type: 'done',
      searchId: 's1',
      status: 'completed',
      error: 'engine crashed',
      progress: { done: 1, total: 3 },
      at: 4000,
    });
    expect(failed).toMatchObject({ phase: 'failed', error: { kind: 'server_error', serverText: 'engine crashed' } });
  });

  it('applies a polled snapshot: results map, progress and the final status', () => {
    const response = {
      status: 'completed' as const,
      username: 'alice',
      progress: { done: 2, total: 2 },
      result: { results: { GitHub: entry('GitHub').result, Reddit: entry('Reddit').result }, total_found: 2 },
    };
    const state = searchReducer(running(), { type: 'snapshot', searchId: 's1', response, at: 9000 });
    expect(state.phase).toBe('completed');
    expect(state.results.map((e) => e.platform)).toEqual(['GitHub', 'Reddit']);
    const withError = searchReducer(running(), {
      type: 'snapshot',
      searchId: 's1',
      response: { ...response, result: { ...response.result, error: 'partial failure' } },
      at: 9000,
    });
    expect(withError).toMatchObject({
      phase: 'failed',
      error: { kind: 'server_error', serverText: 'partial failure' },
    });
    const errored = searchReducer(running(), {
      type: 'snapshot',
      searchId: 's1',
      response: { status: 'error', username: 'alice', progress: { done: 0, total: 2 } },
      at: 9000,
    });
    expect(errored).toMatchObject({ phase: 'failed', error: { kind: 'server_error' } });
  });

  it('a running snapshot keeps the search running', () => {
    const state = searchReducer(running(), {
      type: 'snapshot',
      searchId: 's1',
      response: { status: 'running', username: 'alice', progress: { done: 1, total: 5 } },
      at: 1,
    });
    expect(state).toMatchObject({ phase: 'running', progress: { done: 1, total: 5 } });
  });

  it('cancel stops the search and clears the search id and the error, keeping partial results', () => {
    const withResults = searchReducer(running(), { type: 'results', searchId: 's1', entries: [entry('GitHub')] });
    const cancelled = searchReducer(withResults, { type: 'cancel', at: 3000 });
    expect(cancelled).toMatchObject({ phase: 'cancelled', searchId: null, error: null, finishedAt: 3000 });
    expect(cancelled.results).toHaveLength(1);
    expect(searchReducer(cancelled, { type: 'cancel', at: 4000 })).toBe(cancelled);
  });

  it('failure shows the error; a finished search cannot fail afterwards', () => {
    const failed = searchReducer(running(), { type: 'fail', error: { kind: 'polling' }, at: 2 });
    expect(failed).toMatchObject({ phase: 'failed', error: { kind: 'polling' } });
    const completed = searchReducer(running(), {
      type: 'done',
      searchId: 's1',
      status: 'completed',
      progress: { done: 0, total: 0 },
      at: 1,
    });
    expect(searchReducer(completed, { type: 'fail', error: { kind: 'unknown' }, at: 2 })).toBe(completed);
  });
});
