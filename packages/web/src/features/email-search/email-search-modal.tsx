import type { CreditsResponse, EmailCheckResult, SearchTree } from '@hound/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useSiteConfig } from '../../api/site-config.ts';
import { TextWithAddress } from '../../components/breakable-address.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { plural } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { BuyCredits } from '../billing/buy-credits.tsx';
import { EmailPlusCard } from '../billing/email-plus-card.tsx';
import { OutOfCredits } from '../billing/out-of-credits.tsx';
import { PlanActions } from '../billing/plan-actions.tsx';
import { useCredits, useRefreshCredits } from '../billing/use-credits.ts';
import { searchedLeads } from '../search/leads.ts';
import { LeadsSection } from '../search/leads-section.tsx';
import { WatchThisLink } from '../watches/watch-this-link.tsx';
import { attemptKey, attemptSucceeded } from './attempt-key.ts';
import { decrementCredit, followEmailSearch, getEmailSearch, startEmailSearch } from './email-api.ts';
import { EmailExportBar } from './email-export-bar.tsx';
import { EmailResults } from './email-results.tsx';
import { initialModalState, type ModalState, modalReducer, resultsDue } from './modal-state.ts';

/** The email-search modal: choose (credit or Email Plus), watch the checks, read the accounts. */
export function EmailSearchModal({
  email,
  adult = false,
  followDepth,
  initial = initialModalState,
  onStarted,
  focusPlus = false,
  onClose,
}: {
  email: string;
  /** Also ask adult sites (the form's "Include adult sites"). */
  adult?: boolean;
  /** Follow leads this many steps (the form's "Follow leads"; decision 116). */
  followDepth?: number | undefined;
  /** The state of a search reopened at its address (`resumedState`); a new choice otherwise. */
  initial?: ModalState;
  /** The search has started: its address can be shown (issue 27 item 10). */
  onStarted?(searchId: string): void;
  /** Opened from "Order Email Plus": the Email Plus card is brought into view and its first field focused. */
  focusPlus?: boolean;
  onClose(): void;
}) {
  const { m } = useI18n();
  const t = m.email.modal;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, dispatch] = useReducer(modalReducer, initial);
  const refreshCredits = useRefreshCredits();
  // Each change of step may follow a change of balance (a credit spent, or returned by a failed search).
  const step = state.step;
  useEffect(() => {
    if (step !== 'select') void refreshCredits();
  }, [step, refreshCredits]);

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      // Closing is allowed while choosing (spec 001 §2) and on the results (issue 27 item 11), not while running.
      onCancel={(event) => {
        event.preventDefault();
        if (state.step !== 'progress') onClose();
      }}
      className="m-auto max-h-[calc(100vh-2rem)] w-[min(46rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/50 sm:p-6 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-start justify-between gap-4">
        <h2
          id={`${id}-title`}
          className="min-w-0 text-xl font-semibold break-words"
          title={state.step === 'results' ? email : undefined}
        >
          {state.step === 'results' ? <TextWithAddress text={t.resultsTitle} address={email} /> : t.title}
        </h2>
        {state.step !== 'progress' && (
          <button type="button" className={`${button.ghost} shrink-0`} onClick={onClose} aria-label={t.close}>
            <CloseIcon />
            <span className="hidden sm:inline">{t.close}</span>
          </button>
        )}
      </div>
      {state.step === 'select' && (
        <SelectStep
          email={email}
          adult={adult}
          followDepth={followDepth}
          state={state}
          dispatch={dispatch}
          onStarted={onStarted}
          focusPlus={focusPlus}
        />
      )}
      {state.step === 'progress' && <ProgressStep state={state} dispatch={dispatch} />}
      {state.step === 'results' && (
        <ResultsStep
          email={email}
          // A reopened search does not say whether it asked adult sites (the form's box is not its choice).
          adult={initial === initialModalState && adult}
          searchId={state.searchId}
          results={state.results}
          old={state.old}
          onClose={onClose}
        />
      )}
    </dialog>
  );
}

type Dispatch = React.Dispatch<Parameters<typeof modalReducer>[1]>;
type State = ReturnType<typeof modalReducer>;

function SelectStep({
  email,
  adult,
  followDepth,
  state,
  dispatch,
  onStarted,
  focusPlus,
}: {
  email: string;
  adult: boolean;
  followDepth?: number | undefined;
  state: State;
  dispatch: Dispatch;
  onStarted?(searchId: string): void;
  focusPlus: boolean;
}) {
  const { m, locale } = useI18n();
  const t = m.email.modal;
  const e = m.email.errors;
  const { user } = useAuth();
  const live = useCredits();
  const refreshCredits = useRefreshCredits();
  const credits: CreditsResponse | null | 'failed' = live.data ?? (live.isError ? 'failed' : null);
  const [busy, setBusy] = useState(false);
  const plusCard = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusPlus) return;
    // After the dialog's own opening focus (its effect runs after this child's).
    const timer = setTimeout(() => {
      const card = plusCard.current;
      card?.scrollIntoView?.({ block: 'nearest' });
      card?.querySelector<HTMLElement>('textarea, input:not([type="email"]), button')?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [focusPlus]);

  // Shown as red text under the button (spec 001 §2), not as a passing toast.
  const fail = (message: string) => {
    dispatch({ type: 'failed', error: message });
    void refreshCredits();
  };

  const spendCredit = async () => {
    if (busy) return;
    setBusy(true);
    // One key for every try at this address until a search starts (issue 27 item 6): a retry after a
    // failed or unanswered call uses the credit the first try reserved. The flag saves the repeat call.
    const key = attemptKey(email);
    if (!state.deducted) {
      const answer = await decrementCredit(key);
      if (!answer.ok) {
        setBusy(false);
        return fail(answer.status === 0 ? e.unableToDecrement : (answer.detail ?? e.failedToDecrement));
      }
      dispatch({ type: 'deducted' });
      void refreshCredits();
    }
    const started = await startEmailSearch(email, key, adult, followDepth);
    setBusy(false);
    if (!started.ok || !started.body) return fail(started.detail ?? e.searchFailed);
    attemptSucceeded();
    dispatch({ type: 'started', searchId: started.body.search_id, at: Date.now() });
    onStarted?.(started.body.search_id);
  };

  const plan = credits && credits !== 'failed' ? credits.plan : null;
  const balance = credits && credits !== 'failed' ? credits.credits : 0;
  // A credit in hand (or one already reserved for this search) can be used; a premium user without one is
  // told when credits come back and what to do now (issue 27 item 5) instead of a button that must fail.
  const canUse = balance > 0 || state.deducted;
  const premiumEmpty = plan === 'premium' && !canUse;

  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <section className={`${card} flex flex-col p-5`}>
        <h3 className="text-lg font-semibold">{t.emailCard}</h3>
        <p className={`mt-1 text-sm break-words ${muted}`} title={email} data-testid="email-card-text">
          <TextWithAddress text={t.emailCardText} address={email} />
        </p>
        <p className="mt-4 font-medium" data-testid="modal-credits">
          {credits === null ? m.common.loading : t.credits.replace('{count}', balance.toLocaleString(locale))}
        </p>
        {credits === 'failed' && <p className="mt-1 text-sm text-red-700 dark:text-red-400">{e.unableToVerify}</p>}
        <div className="mt-auto pt-4">
          {canUse ? (
            <button
              type="button"
              className={`${button.primary} w-full`}
              onClick={spendCredit}
              disabled={busy || credits === null}
            >
              {t.useCredit}
            </button>
          ) : premiumEmpty ? (
            <OutOfCredits />
          ) : (
            credits !== null && (
              <>
                <p className="mb-3 font-medium text-red-700 dark:text-red-400" data-testid="modal-error">
                  {e.notEnoughCredits}
                </p>
                {/* Spec 001 §6: free is offered the monthly plan and the trial; trial only the monthly plan. */}
                <PlanActions plan={plan ?? user?.plan ?? 'free'} trialAction="payMonthly" stacked />
                <div className="mt-2">
                  <BuyCredits stacked />
                </div>
              </>
            )
          )}
          {/* Without a credit to use, the line above already says why. */}
          {state.error && canUse && (
            <p
              role="alert"
              className="mt-3 text-sm font-medium text-red-700 dark:text-red-400"
              data-testid="modal-error"
            >
              {state.error}
            </p>
          )}
        </div>
      </section>
      <div ref={plusCard} className="flex flex-col [&>section]:flex-1" data-testid="plus-card">
        <EmailPlusCard email={email} />
      </div>
    </div>
  );
}

function ProgressStep({ state, dispatch }: { state: State; dispatch: Dispatch }) {
  const { m, locale } = useI18n();
  const t = m.email.modal;
  const config = useSiteConfig();
  const [now, setNow] = useState(Date.now());
  const searchId = state.searchId!;

  const failed = useCallback(
    (message?: string) => dispatch({ type: 'failed', error: message ?? m.email.errors.searchFailed }),
    [dispatch, m],
  );

  useEffect(() => {
    let polling: ReturnType<typeof setInterval> | undefined;
    const poll = async () => {
      const answer = await getEmailSearch(searchId);
      if (!answer.ok || !answer.body) return;
      dispatch({ type: 'snapshot', results: answer.body.results, progress: answer.body.progress });
      if (answer.body.status === 'completed') {
        clearInterval(polling);
        dispatch({ type: 'finished' });
      } else if (answer.body.status === 'error') {
        clearInterval(polling);
        failed(answer.body.error);
      }
    };
    const stop = followEmailSearch(searchId, {
      onResult: (result, progress) => dispatch({ type: 'result', result, progress }),
      onDone: (status, error) => (status === 'completed' ? dispatch({ type: 'finished' }) : failed(error)),
      onUnavailable: () => {
        polling = setInterval(poll, 1000);
        void poll();
      },
    });
    return () => {
      stop();
      clearInterval(polling);
    };
  }, [searchId, dispatch, failed]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);

  const minSeconds = config.emailResultsMinSeconds;
  useEffect(() => {
    if (resultsDue(state, now, minSeconds)) dispatch({ type: 'show_results' });
  }, [state, now, minSeconds, dispatch]);

  // What is really happening: how many sites have answered, how many say registered, the latest answers,
  // and, once all have answered, how long this server holds the results back (EMAIL_RESULTS_MIN_SECONDS).
  const { done, total } = state.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const found = state.results.filter((r) => r.verdict === 'found').length;
  const latest = state.results.slice(-LATEST_ANSWERS).reverse();
  const showAt = state.startedAt === null ? now : state.startedAt + minSeconds * 1000;
  const answer = (r: EmailCheckResult) =>
    r.verdict === 'found' ? t.answerFound : r.verdict === 'not_found' ? t.answerNotFound : t.answerUnknown;
  return (
    <div className="mt-5 space-y-4" aria-live="polite">
      <p className="font-semibold">
        {state.finished
          ? t.progressHeld.replace('{time}', new Date(showAt).toLocaleTimeString(locale, { timeStyle: 'short' }))
          : total > 0
            ? t.progressAsking.replace('{total}', total.toLocaleString(locale))
            : t.progressStarting}
      </p>
      <div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={total || 1}
          aria-valuenow={done}
          className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-amber-600 transition-all dark:bg-amber-400"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className={`mt-2 text-sm tabular-nums ${muted}`}>
          {t.progress
            .replace('{done}', done.toLocaleString(locale))
            .replace('{total}', total ? total.toLocaleString(locale) : '…')}
          {' · '}
          {plural(t.foundSoFar, found, locale)}
        </p>
      </div>
      {latest.length > 0 && (
        <section aria-label={t.latestAnswers}>
          <p className={`text-xs font-semibold tracking-wide uppercase ${muted}`}>{t.latestAnswers}</p>
          <ul className="mt-1 space-y-1 text-sm">
            {latest.map((r) => (
              <li key={r.check_id} className="flex min-w-0 items-center gap-2">
                <span className="truncate font-medium">{r.name}</span>
                <span
                  className={`shrink-0 ${r.verdict === 'found' ? 'text-emerald-700 dark:text-emerald-400' : muted}`}
                >
                  {answer(r)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** Answers listed while the search runs, newest first. */
const LATEST_ANSWERS = 4;

function ResultsStep({
  email,
  adult,
  searchId,
  results,
  old,
  onClose,
}: {
  email: string;
  adult: boolean;
  searchId: string | null;
  results: EmailCheckResult[];
  old: boolean;
  onClose(): void;
}) {
  const { m } = useI18n();
  const t = m.email.modal;
  // The tree the Leads section below reads (its cache): names its leads searched are not offered again.
  const tree = useQuery<{ tree: SearchTree | null }>({
    queryKey: ['search-tree', searchId],
    queryFn: skipToken,
  });
  return (
    <div className="mt-4 space-y-4">
      <p className={`text-sm ${muted}`}>{t.saved}</p>
      <EmailExportBar email={email} searchId={searchId} results={results} />
      <EmailResults
        email={email}
        results={results}
        old={old}
        onPivot={onClose}
        searched={searchedLeads(tree.data?.tree ?? null, searchId)}
      />
      {/* The username searches its leads started, when it follows them (decision 116); nothing otherwise. */}
      {searchId && <LeadsSection searchId={searchId} />}
      <div className="flex flex-wrap justify-end gap-2">
        {/* Issue 39: be told when this address gets a new account or breach. */}
        <WatchThisLink prefill={{ kind: 'email', target: email, scope: null, adult }} />
        <button type="button" className={button.primary} onClick={onClose}>
          {t.close}
        </button>
      </div>
    </div>
  );
}
