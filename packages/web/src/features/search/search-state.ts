/**
 * The username search as a pure state machine (spec 000 §4): idle → starting → running →
 * completed | failed | cancelled. Side effects (HTTP, SSE, timers) live in search-controller.ts.
 */
import type { PlatformResult, Progress, SearchScope, SearchStatus, SearchStatusResponse } from '@hound/contracts';
import type { SearchError } from './search-error.ts';

/** `opening`: a stored search asked for by its address, until its snapshot answers (nothing to cancel yet). */
export type SearchPhase = 'idle' | 'opening' | 'starting' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface ResultEntry {
  platform: string;
  result: PlatformResult;
}

export interface SearchState {
  phase: SearchPhase;
  username: string;
  searchId: string | null;
  /** In the order the checks finished; a platform appears once. */
  results: ResultEntry[];
  progress: Progress;
  startedAt: number | null;
  finishedAt: number | null;
  error: SearchError | null;
  transport: 'sse' | 'polling' | null;
  /** Reopened from its address (`/search/{id}`) rather than started on this page. */
  reopened: boolean;
  /** The site selection it was asked with (null: the default one); "Watch this" carries it to the watch. */
  scope: SearchScope | null;
}

export type SearchAction =
  | { type: 'start'; username: string; at: number; scope?: SearchScope | null }
  | { type: 'started'; searchId: string }
  | { type: 'transport'; searchId: string; transport: 'sse' | 'polling' }
  | { type: 'results'; searchId: string; entries: ResultEntry[]; progress?: Progress }
  | { type: 'snapshot'; searchId: string; response: SearchStatusResponse; at: number }
  | { type: 'done'; searchId: string; status: SearchStatus; error?: string; progress: Progress; at: number }
  | { type: 'fail'; error: SearchError; at: number }
  | { type: 'cancel'; at: number }
  /** Reopening a stored search by id (`/search/{id}`): `opening` until its status answers. */
  | { type: 'open'; searchId: string; at: number }
  | { type: 'loaded'; searchId: string; response: SearchStatusResponse; at: number };

export const initialSearchState: SearchState = {
  phase: 'idle',
  username: '',
  searchId: null,
  results: [],
  progress: { done: 0, total: 0 },
  startedAt: null,
  finishedAt: null,
  error: null,
  transport: null,
  reopened: false,
  scope: null,
};

export function isActive(state: SearchState): boolean {
  return state.phase === 'starting' || state.phase === 'running';
}

function mergeResults(current: ResultEntry[], incoming: ResultEntry[]): ResultEntry[] {
  if (incoming.length === 0) return current;
  const position = new Map(current.map((e, i) => [e.platform, i]));
  const next = current.slice();
  for (const entry of incoming) {
    const at = position.get(entry.platform);
    if (at === undefined) {
      position.set(entry.platform, next.length);
      next.push(entry);
    } else {
      next[at] = entry;
    }
  }
  return next;
}

function maxProgress(a: Progress, b: Progress | undefined): Progress {
  if (!b) return a;
  return { done: Math.max(a.done, b.done), total: Math.max(a.total, b.total) };
}

/** Where a finished search ends up, given the server's final status and error text. */
function finish(state: SearchState, status: SearchStatus, error: string | undefined, at: number): SearchState {
  switch (status) {
    case 'completed':
      return error
        ? { ...state, phase: 'failed', error: { kind: 'server_error', serverText: error }, finishedAt: at }
        : { ...state, phase: 'completed', error: null, finishedAt: at };
    case 'error':
      return { ...state, phase: 'failed', error: { kind: 'server_error', serverText: error }, finishedAt: at };
    case 'cancelled':
      return { ...state, phase: 'cancelled', searchId: null, error: null, finishedAt: at };
    default:
      return state;
  }
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'start':
      return {
        ...initialSearchState,
        phase: 'starting',
        username: action.username,
        startedAt: action.at,
        scope: action.scope ?? null,
      };
    case 'started':
      return state.phase === 'starting' ? { ...state, phase: 'running', searchId: action.searchId } : state;
    case 'transport':
      return action.searchId === state.searchId ? { ...state, transport: action.transport } : state;
    case 'results':
      if (action.searchId !== state.searchId) return state;
      return {
        ...state,
        results: mergeResults(state.results, action.entries),
        progress: maxProgress(state.progress, action.progress),
      };
    case 'snapshot': {
      if (action.searchId !== state.searchId) return state;
      const { response } = action;
      const entries = Object.entries(response.result?.results ?? {}).map(([platform, result]) => ({
        platform,
        result,
      }));
      const merged = {
        ...state,
        results: mergeResults(state.results, entries),
        progress: maxProgress(state.progress, response.progress),
      };
      if (state.phase !== 'running') return merged;
      return finish(merged, response.status, response.result?.error ?? response.error, action.at);
    }
    case 'done':
      if (action.searchId !== state.searchId || state.phase !== 'running') return state;
      return finish(
        { ...state, progress: maxProgress(state.progress, action.progress) },
        action.status,
        action.error,
        action.at,
      );
    case 'fail':
      if (!isActive(state) && state.phase !== 'opening') return state;
      return { ...state, phase: 'failed', error: action.error, finishedAt: action.at };
    case 'cancel':
      if (!isActive(state)) return state;
      return { ...state, phase: 'cancelled', searchId: null, error: null, finishedAt: action.at };
    case 'open':
      return {
        ...initialSearchState,
        phase: 'opening',
        searchId: action.searchId,
        startedAt: action.at,
        reopened: true,
      };
    case 'loaded': {
      if (action.searchId !== state.searchId || state.phase !== 'opening') return state;
      const { response } = action;
      const time = (iso: string | undefined, fallback: number | null) => {
        const t = iso ? Date.parse(iso) : Number.NaN;
        return Number.isFinite(t) ? t : fallback;
      };
      const loaded: SearchState = {
        ...state,
        phase: 'running',
        username: response.username,
        scope: response.scope ?? null,
        results: Object.entries(response.result?.results ?? {}).map(([platform, result]) => ({ platform, result })),
        progress: response.progress,
        startedAt: time(response.started_at ?? response.created_at, state.startedAt),
      };
      if (response.status === 'queued' || response.status === 'running') return loaded;
      // A stored search that was cancelled keeps its id: its results stay addressable.
      const ended = finish(loaded, response.status, response.result?.error ?? response.error, action.at);
      return {
        ...ended,
        searchId: action.searchId,
        finishedAt: time(response.finished_at, ended.finishedAt),
      };
    }
  }
}
