import type { SearchStatusResponse } from '@hound/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchApi, StartOutcome, StatusOutcome, StreamHandlers } from '../../api/search-api.ts';
import { entry } from '../../test/fixtures.ts';
import { ManualClock, settle } from '../../test/manual-clock.ts';
import { MAX_POLL_FAILURES, POLL_INTERVAL_MS, SearchController } from './search-controller.ts';
import { initialSearchState, type SearchAction, type SearchState, searchReducer } from './search-state.ts';

/** An in-memory SearchApi whose answers each test scripts. */
class ScriptedApi implements SearchApi {
  startAnswer: StartOutcome = { ok: true, searchId: 's1' };
  statusAnswers: StatusOutcome[] = [];
  statusCalls: number[] = [];
  cancelled: string[] = [];
  streams: Array<{ id: string; handlers: StreamHandlers; closed: boolean }> = [];
  withStream = true;
  started: Array<{ username: string; deviceId: string }> = [];
  stream?: SearchApi['stream'];

  constructor(readonly clock: ManualClock) {
    this.stream = (id, handlers) => {
      const s = { id, handlers, closed: false };
      this.streams.push(s);
      return () => {
        s.closed = true;
      };
    };
  }

  async start(username: string, deviceId: string) {
    this.started.push({ username, deviceId });
    return this.startAnswer;
  }
  async status() {
    this.statusCalls.push(this.clock.now());
    return this.statusAnswers.shift() ?? { ok: false as const };
  }
  async cancel(id: string) {
    this.cancelled.push(id);
  }
}

const running = (done: number, total: number): StatusOutcome => ({
  ok: true,
  body: { status: 'running', username: 'alice', progress: { done, total } } satisfies SearchStatusResponse,
});

describe('SearchController', () => {
  let clock: ManualClock;
  let api: ScriptedApi;
  let state: SearchState;
  let actions: SearchAction[];
  let controller: SearchController;

  beforeEach(() => {
    clock = new ManualClock();
    api = new ScriptedApi(clock);
    state = initialSearchState;
    actions = [];
    controller = new SearchController({
      api,
      clock,
      dispatch: (action) => {
        actions.push(action);
        state = searchReducer(state, action);
      },
    });
  });

  it('starts with the username and device id, then streams results in batches', async () => {
    await controller.start('alice', 'device_1');
    expect(api.started).toEqual([{ username: 'alice', deviceId: 'device_1' }]);
    expect(state).toMatchObject({ phase: 'running', searchId: 's1', transport: 'sse' });
    const { handlers } = api.streams[0]!;
    for (const name of ['GitHub', 'Reddit', 'Steam']) {
      handlers.onResult({ platform: name, result: entry(name).result, progress: { done: 1, total: 3 } });
    }
    expect(state.results).toHaveLength(0); // batched
    clock.advance(200);
    expect(state.results.map((e) => e.platform)).toEqual(['GitHub', 'Reddit', 'Steam']);
    expect(actions.filter((a) => a.type === 'results')).toHaveLength(1);
    handlers.onDone({ status: 'completed', total_found: 3, progress: { done: 3, total: 3 } });
    expect(state.phase).toBe('completed');
    expect(api.statusCalls).toEqual([]); // nothing missing, no reconcile
  });

  it('fills in results the stream missed from one status call', async () => {
    await controller.start('alice', 'device_1');
    const { handlers } = api.streams[0]!;
    handlers.onResult({ platform: 'GitHub', result: entry('GitHub').result, progress: { done: 1, total: 2 } });
    api.statusAnswers.push({
      ok: true,
      body: {
        status: 'completed',
        username: 'alice',
        progress: { done: 2, total: 2 },
        result: { results: { GitHub: entry('GitHub').result, Reddit: entry('Reddit').result }, total_found: 2 },
      },
    });
    handlers.onDone({ status: 'completed', total_found: 2, progress: { done: 2, total: 2 } });
    await settle();
    expect(state.phase).toBe('completed');
    expect(state.results.map((e) => e.platform)).toEqual(['GitHub', 'Reddit']);
  });

  it('falls back to polling when the stream is unavailable: at once, then every 10 s', async () => {
    await controller.start('alice', 'device_1');
    api.statusAnswers.push(running(1, 5), running(3, 5));
    api.streams[0]!.handlers.onUnavailable();
    await settle();
    expect(state.transport).toBe('polling');
    expect(api.statusCalls).toEqual([0]);
    clock.advance(POLL_INTERVAL_MS - 1);
    await settle();
    expect(api.statusCalls).toEqual([0]);
    clock.advance(1);
    await settle();
    expect(api.statusCalls).toEqual([0, POLL_INTERVAL_MS]);
    expect(state.progress).toEqual({ done: 3, total: 5 });
  });

  it('polls without a stream, and stops with the connection error after 5 failures in a row', async () => {
    api.stream = undefined;
    api.statusAnswers.push({ ok: false }, { ok: false }, running(1, 5)); // a success resets the count
    await controller.start('alice', 'device_1');
    await settle();
    for (let i = 0; i < 2 + MAX_POLL_FAILURES; i++) {
      clock.advance(POLL_INTERVAL_MS);
      await settle();
    }
    expect(api.statusCalls).toHaveLength(3 + MAX_POLL_FAILURES);
    expect(state).toMatchObject({ phase: 'failed', error: { kind: 'polling' } });
    expect(clock.pending).toBe(0);
  });

  it('stops polling when the search completes', async () => {
    api.stream = undefined;
    api.statusAnswers.push(running(1, 2), {
      ok: true,
      body: {
        status: 'completed',
        username: 'alice',
        progress: { done: 2, total: 2 },
        result: { results: {}, total_found: 0 },
      },
    });
    await controller.start('alice', 'device_1');
    await settle();
    clock.advance(POLL_INTERVAL_MS);
    await settle();
    expect(state.phase).toBe('completed');
    expect(clock.pending).toBe(0);
  });

  it('shows a start failure', async () => {
    api.startAnswer = { ok: false, error: { kind: 'http', status: 422 } };
    await controller.start('a!ice', 'device_1');
    expect(state).toMatchObject({ phase: 'failed', error: { kind: 'http', status: 422 } });
    expect(api.streams).toHaveLength(0);
  });

  it('cancel closes the stream, tells the server, and drops later events', async () => {
    await controller.start('alice', 'device_1');
    const stream = api.streams[0]!;
    controller.cancel();
    expect(stream.closed).toBe(true);
    expect(api.cancelled).toEqual(['s1']);
    expect(state).toMatchObject({ phase: 'cancelled', searchId: null });
    stream.handlers.onResult({ platform: 'Late', result: entry('Late').result, progress: { done: 1, total: 1 } });
    clock.advance(1000);
    expect(state.results).toHaveLength(0);
  });

  it('cancelling while the start call is in flight stops the orphaned search on the server', async () => {
    const pending = controller.start('alice', 'device_1');
    controller.cancel();
    await pending;
    expect(state.phase).toBe('cancelled');
    expect(api.cancelled).toEqual(['s1']);
    expect(api.streams).toHaveLength(0);
  });

  it('a new search replaces the running one', async () => {
    await controller.start('alice', 'device_1');
    api.startAnswer = { ok: true, searchId: 's2' };
    await controller.start('bob', 'device_1');
    expect(api.streams[0]!.closed).toBe(true);
    expect(state).toMatchObject({ username: 'bob', searchId: 's2', phase: 'running' });
  });
});
