/**
 * The username search outside any page: the state, its controller and the recent-searches list live
 * here, not in the search page, so a search keeps running (and its history entry is still saved) while
 * the visitor reads the Library and comes back. One store per tab; pages subscribe to it.
 */
import { useSyncExternalStore } from 'react';
import { createLazySearchApi } from '../../api/lazy-search-api.ts';
import type { SearchApi, SearchOptions } from '../../api/search-api.ts';
import { getDeviceId } from '../../lib/device-id.ts';
import { browserStore, type KeyValueStore } from '../../lib/storage.ts';
import { addToHistory, type HistoryEntry, readHistory, writeHistory } from './history.ts';
import { type Clock, SearchController } from './search-controller.ts';
import { initialSearchState, type SearchAction, type SearchState, searchReducer } from './search-state.ts';

/** One name of a multi-name search (several usernames, or variants): each is a search of its own. */
export interface BatchItem {
  username: string;
  searchId: string | null;
  phase: 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled';
  found: number;
}

export interface SearchSnapshot {
  state: SearchState;
  history: HistoryEntry[];
  /** The names of a multi-name search, run one after another; null for a single search. */
  batch: BatchItem[] | null;
}

export interface SearchStore {
  getSnapshot(): SearchSnapshot;
  subscribe(listener: () => void): () => void;
  start(username: string): void;
  /** Searches several names one after another (the device's active-search limit is never hit). */
  startMany(usernames: readonly string[]): void;
  /** Reopens a stored search; when the server no longer has it, `orSearch` is searched afresh. */
  open(searchId: string, orSearch?: string): void;
  cancel(): void;
  clearHistory(): void;
  /** Which sites the next searches cover (the form's options); empty: the default selection. */
  setScope(scope: SearchOptions): void;
  getScope(): SearchOptions;
}

export interface SearchStoreDeps {
  api: SearchApi;
  storage?: () => KeyValueStore;
  now?: () => number;
  clock?: Clock;
}

export function createSearchStore(deps: SearchStoreDeps): SearchStore {
  const storage = deps.storage ?? browserStore;
  let scope: SearchOptions = {};
  const now = deps.now ?? Date.now;
  let snapshot: SearchSnapshot = { state: initialSearchState, history: readHistory(storage()), batch: null };
  const listeners = new Set<() => void>();
  let saved: string | null = null;

  const publish = (next: SearchSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  /** Spec 000 §4: a completed search saves its history entry once (a reopened one only refreshes its own). */
  const remember = (state: SearchState) => {
    if (state.phase !== 'completed' || !state.searchId || saved === state.searchId) return snapshot.history;
    saved = state.searchId;
    const current = readHistory(storage());
    if (state.reopened && !current.some((h) => h.searchId === state.searchId)) return current;
    const resultCount = state.results.filter((e) => e.result.verdict === 'found').length;
    const next = addToHistory(current, {
      username: state.username,
      timestamp: state.reopened ? (current.find((h) => h.searchId === state.searchId)?.timestamp ?? now()) : now(),
      resultCount,
      searchId: state.searchId,
    });
    writeHistory(storage(), next);
    return next;
  };

  /** The running batch item follows the search state; when it ends, the next name starts. */
  const advance = (state: SearchState): BatchItem[] | null => {
    const { batch } = snapshot;
    if (!batch) return null;
    const at = batch.findIndex((item) => item.phase === 'running');
    if (at < 0) return batch;
    const item = batch[at]!;
    if (state.phase === 'idle' || state.phase === 'opening') return batch;
    const phase = state.phase === 'starting' ? 'running' : state.phase;
    const found = state.results.filter((e) => e.result.verdict === 'found').length;
    const next = batch.map((b, i) =>
      i === at ? { ...item, phase, searchId: state.searchId ?? item.searchId, found } : b,
    ) as BatchItem[];
    if (phase === 'running') return next;
    if (phase === 'cancelled') return next.map((b) => (b.phase === 'waiting' ? { ...b, phase: 'cancelled' } : b));
    const waiting = next.findIndex((b) => b.phase === 'waiting');
    if (waiting >= 0) {
      next[waiting] = { ...next[waiting]!, phase: 'running' };
      const name = next[waiting]!.username;
      queueMicrotask(() => void controller.start(name, getDeviceId(storage()), scope));
    }
    return next;
  };

  const dispatch = (action: SearchAction) => {
    const state = searchReducer(snapshot.state, action);
    if (state === snapshot.state) return;
    publish({ state, history: remember(state), batch: advance(state) });
  };

  const controller = new SearchController({ api: deps.api, dispatch, clock: deps.clock });

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(username) {
      snapshot = { ...snapshot, batch: null };
      void controller.start(username, getDeviceId(storage()), scope);
    },
    startMany(usernames) {
      if (usernames.length === 0) return;
      snapshot = {
        ...snapshot,
        batch: usernames.map((username, i) => ({
          username,
          searchId: null,
          phase: i === 0 ? 'running' : 'waiting',
          found: 0,
        })),
      };
      void controller.start(usernames[0]!, getDeviceId(storage()), scope);
    },
    open(searchId, orSearch) {
      if (snapshot.state.searchId === searchId) return;
      // Opening another search leaves a multi-name search where it is (its finished names stay in the history).
      if (snapshot.batch?.some((b) => b.phase === 'running' || b.phase === 'waiting'))
        snapshot = { ...snapshot, batch: null };
      void controller.open(searchId).then(() => {
        const { state } = snapshot;
        if (orSearch && state.phase === 'failed' && state.error?.kind === 'missing') {
          void controller.start(orSearch, getDeviceId(storage()), scope);
        }
      });
    },
    cancel: () => controller.cancel(),
    setScope(next) {
      scope = next;
    },
    getScope: () => scope,
    clearHistory() {
      writeHistory(storage(), []);
      publish({ ...snapshot, history: [] });
    },
  };
}

let shared: SearchStore | undefined;

/** The tab's store, created on first use. */
export function sharedSearchStore(): SearchStore {
  shared ??= createSearchStore({ api: createLazySearchApi() });
  return shared;
}

export function useSearchStore(store: SearchStore = sharedSearchStore()): SearchSnapshot & SearchStore {
  const current = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...store, ...current };
}
