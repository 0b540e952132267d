/**
 * The email-search modal (spec 001 §2, §4): select → progress → results; any error returns to select;
 * closing only in select; one credit per search (a flag refuses a second deduction).
 */
import type { EmailCheckResult, EmailSearchSnapshot } from '@hound/contracts';

export type ModalStep = 'select' | 'progress' | 'results';

export interface ModalState {
  step: ModalStep;
  searchId: string | null;
  startedAt: number | null;
  /** Set once a credit was taken for this search; never taken twice. */
  deducted: boolean;
  progress: { done: number; total: number };
  results: EmailCheckResult[];
  finished: boolean;
  error: string | null;
  /** An old record reopened (decision 107): its per-site results are no longer all stored. */
  old: boolean;
}

export type ModalAction =
  | { type: 'deducted' }
  | { type: 'started'; searchId: string; at: number }
  | { type: 'result'; result: EmailCheckResult; progress: { done: number; total: number } }
  | { type: 'snapshot'; results: EmailCheckResult[]; progress: { done: number; total: number } }
  | { type: 'finished' }
  | { type: 'show_results' }
  | { type: 'failed'; error: string }
  | { type: 'reset' };

export const initialModalState: ModalState = {
  step: 'select',
  searchId: null,
  startedAt: null,
  deducted: false,
  progress: { done: 0, total: 0 },
  results: [],
  finished: false,
  error: null,
  old: false,
};

export function modalReducer(state: ModalState, action: ModalAction): ModalState {
  switch (action.type) {
    case 'deducted':
      return { ...state, deducted: true, error: null };
    case 'started':
      return { ...state, step: 'progress', searchId: action.searchId, startedAt: action.at };
    case 'result':
      if (state.results.some((r) => r.check_id === action.result.check_id)) return state;
      return { ...state, results: [...state.results, action.result], progress: action.progress };
    case 'snapshot':
      return { ...state, results: action.results, progress: action.progress };
    case 'finished':
      return { ...state, finished: true };
    case 'show_results':
      return state.finished ? { ...state, step: 'results' } : state;
    case 'failed':
      return { ...initialModalState, error: action.error };
    case 'reset':
      return initialModalState;
  }
}

/**
 * The modal reopened at a search's address (issue 27 item 10): still running → progress, resumed from the
 * snapshot; finished → results; failed → the choice again, with the error. Its credit is spent either way.
 */
export function resumedState(snapshot: EmailSearchSnapshot): ModalState {
  if (snapshot.status === 'error') {
    return { ...initialModalState, error: snapshot.error ?? null };
  }
  const base: ModalState = {
    ...initialModalState,
    searchId: snapshot.search_id,
    startedAt: Date.parse(snapshot.created_at),
    deducted: true,
    progress: snapshot.progress,
    results: snapshot.results,
    old: snapshot.old,
  };
  return snapshot.status === 'completed' ? { ...base, step: 'results', finished: true } : { ...base, step: 'progress' };
}

/** Spec 001 §4: results show once the search is done and at least `minSeconds` have passed since it began. */
export function resultsDue(state: ModalState, now: number, minSeconds: number): boolean {
  return state.finished && state.startedAt !== null && now - state.startedAt >= minSeconds * 1000;
}
