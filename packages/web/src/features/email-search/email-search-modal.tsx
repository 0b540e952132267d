import type { CreditsResponse, EmailCheckResult } from '@hound/contracts';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSiteConfig } from '../../api/site-config.ts';
import { TextWithAddress } from '../../components/breakable-address.tsx';
import { ChevronIcon, CloseIcon } from '../../components/icons.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { EmailPlusCard } from '../billing/email-plus-card.tsx';
import { PlanActions } from '../billing/plan-actions.tsx';
import { useCredits, useRefreshCredits } from '../billing/use-credits.ts';
import { decrementCredit, followEmailSearch, getEmailSearch, startEmailSearch } from './email-api.ts';
import {
  foundAccounts,
  initialModalState,
  type ModalState,
  modalReducer,
  progressMessageIndex,
  resultsDue,
  usernameSuggestions,
} from './modal-state.ts';
import { SiteLinks } from './site-links.tsx';

/** The email-search modal: choose (credit or Email Plus), watch the checks, read the accounts. */
export function EmailSearchModal({
  email,
  initial = initialModalState,
  onStarted,
  onClose,
}: {
  email: string;
  /** The state of a search reopened at its address (`resumedState`); a new choice otherwise. */
  initial?: ModalState;
  /** The search has started: its address can be shown (issue 27 item 10). */
  onStarted?(searchId: string): void;
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
        <h2 id={`${id}-title`} className="min-w-0 text-xl font-semibold [overflow-wrap:anywhere]">
          {state.step === 'results' ? t.resultsTitle.replace('{email}', email) : t.title}
        </h2>
        {state.step !== 'progress' && (
          <button type="button" className={`${button.ghost} shrink-0`} onClick={onClose} aria-label={t.close}>
            <CloseIcon />
            <span className="hidden sm:inline">{t.close}</span>
          </button>
        )}
      </div>
      {state.step === 'select' && <SelectStep email={email} state={state} dispatch={dispatch} onStarted={onStarted} />}
      {state.step === 'progress' && <ProgressStep state={state} dispatch={dispatch} />}
      {state.step === 'results' && <ResultsStep email={email} results={state.results} onClose={onClose} />}
    </dialog>
  );
}

type Dispatch = React.Dispatch<Parameters<typeof modalReducer>[1]>;
type State = ReturnType<typeof modalReducer>;

function SelectStep({
  email,
  state,
  dispatch,
  onStarted,
}: {
  email: string;
  state: State;
  dispatch: Dispatch;
  onStarted?(searchId: string): void;
}) {
  const { m, locale } = useI18n();
  const t = m.email.modal;
  const e = m.email.errors;
  const { user } = useAuth();
  const live = useCredits();
  const refreshCredits = useRefreshCredits();
  const credits: CreditsResponse | null | 'failed' = live.data ?? (live.isError ? 'failed' : null);
  const [busy, setBusy] = useState(false);

  // Shown as red text under the button (spec 001 §2), not as a passing toast.
  const fail = (message: string) => {
    dispatch({ type: 'failed', error: message });
    void refreshCredits();
  };

  const spendCredit = async () => {
    if (busy) return;
    setBusy(true);
    // The flag keeps a second click, or a retry after a failed start, from taking another credit.
    if (!state.deducted) {
      const answer = await decrementCredit();
      if (!answer.ok) {
        setBusy(false);
        return fail(answer.status === 0 ? e.unableToDecrement : (answer.detail ?? e.failedToDecrement));
      }
      dispatch({ type: 'deducted' });
      void refreshCredits();
    }
    const started = await startEmailSearch(email);
    setBusy(false);
    if (!started.ok || !started.body) return fail(started.detail ?? e.searchFailed);
    dispatch({ type: 'started', searchId: started.body.search_id, at: Date.now() });
    onStarted?.(started.body.search_id);
  };

  const plan = credits && credits !== 'failed' ? credits.plan : null;
  const balance = credits && credits !== 'failed' ? credits.credits : 0;
  // Premium always sees "Use My Credit" (the server still checks); others need a credit.
  const canUse = plan === 'premium' || balance > 0 || state.deducted;

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
          ) : (
            credits !== null && (
              <>
                <p className="mb-3 font-medium text-red-700 dark:text-red-400" data-testid="modal-error">
                  {e.notEnoughCredits}
                </p>
                {/* Spec 001 §6: free is offered the monthly plan and the trial; trial only the monthly plan. */}
                <PlanActions plan={plan ?? user?.plan ?? 'free'} trialAction="payMonthly" stacked />
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
      <EmailPlusCard email={email} />
    </div>
  );
}

function ProgressStep({ state, dispatch }: { state: State; dispatch: Dispatch }) {
  const { m } = useI18n();
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

  const elapsed = now - (state.startedAt ?? now);
  const current = progressMessageIndex(elapsed, t.steps.length);
  const { done, total } = state.progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="mt-5 space-y-5" aria-live="polite">
      <ol className="space-y-2">
        {t.steps.map((step, i) => (
          <li key={step} className={`flex items-center gap-2 ${i === current ? 'font-semibold' : muted}`}>
            <span
              aria-hidden="true"
              className={`inline-block h-2.5 w-2.5 rounded-full ${i === current ? 'animate-pulse bg-amber-600 dark:bg-amber-400' : i < current ? 'bg-emerald-600' : 'bg-slate-300 dark:bg-slate-700'}`}
            />
            {step}
          </li>
        ))}
      </ol>
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
          {t.progress.replace('{done}', String(done)).replace('{total}', String(total || '…'))}
        </p>
      </div>
    </div>
  );
}

function ResultsStep({ email, results, onClose }: { email: string; results: EmailCheckResult[]; onClose(): void }) {
  const { m } = useI18n();
  const t = m.email.modal;
  const accounts = foundAccounts(results);
  const suggestions = usernameSuggestions(email, results);
  const unknown = results.filter((r) => r.verdict === 'unknown').length;
  return (
    <div className="mt-4 space-y-4">
      <p className={`text-sm ${muted}`}>{t.saved}</p>
      {accounts.length === 0 ? (
        <p className="font-medium">{t.noResults}</p>
      ) : (
        <ul className="space-y-2" aria-label={t.resultsTitle.replace('{email}', email)}>
          {accounts.map((account) => (
            <AccountRow key={account.check_id} account={account} />
          ))}
        </ul>
      )}
      {unknown > 0 && <p className={`text-sm ${muted}`}>{t.unknownNote.replace('{count}', String(unknown))}</p>}
      {suggestions.length > 0 && (
        <div className="text-sm">
          <p className={muted}>{t.suggestions}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {suggestions.map((name) => (
              <li key={name}>
                {/* Started only when clicked: it is a new search of its own. */}
                <Link
                  to={`/username-search?q=${encodeURIComponent(name)}`}
                  className={button.secondary}
                  onClick={onClose}
                >
                  {t.searchUsername.replace('{username}', name)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex justify-end">
        <button type="button" className={button.primary} onClick={onClose}>
          {t.close}
        </button>
      </div>
    </div>
  );
}

function AccountRow({ account }: { account: EmailCheckResult }) {
  const { m } = useI18n();
  const t = m.email.modal;
  const [open, setOpen] = useState(false);
  const links = account.url ? [account.url] : [];
  return (
    <li className={`${card} p-3`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold">{account.name}</span>
        <span className={`text-sm ${muted}`}>{account.domain}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {account.category}
        </span>
        <button
          type="button"
          className={`${button.ghost} ml-auto px-2 py-1 text-sm`}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronIcon className={open ? 'rotate-180' : ''} />
          {open ? t.hideLinks : t.showLinks}
        </button>
      </div>
      {open && (
        <div className="mt-2 text-sm">
          <SiteLinks urls={links} empty={t.noLinks} />
        </div>
      )}
    </li>
  );
}
