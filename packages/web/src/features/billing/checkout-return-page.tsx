import type { CheckoutStatus } from '@hound/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDefaultMeta } from '../../app/default-meta.ts';
import { AlertIcon, CheckIcon, ClockIcon } from '../../components/icons.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useDocumentMeta } from '../../lib/document-meta.ts';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { fetchCheckoutStatus } from './billing-api.ts';
import { useBillingTexts } from './billing-texts.ts';
import { usePrices } from './use-prices.ts';

export interface CheckoutReturnProps {
  /** Time between two status reads (1 s). */
  pollMs?: number;
  /** Reads before giving up and saying the payment is still being confirmed (about a minute). */
  maxPolls?: number;
}

/**
 * `/account/billing` (spec 001 §2): where the payment provider sends the browser back. `status=cancel`
 * says nothing was charged; anything else is a success, confirmed by reading the checkout until the
 * server has applied its webhook, then the signed-in user is reloaded so every page shows the new plan.
 */
export default function CheckoutReturnPage({ pollMs = 1000, maxPolls = 60 }: CheckoutReturnProps) {
  const billing = useBillingTexts();
  const t = billing.return;
  useDocumentMeta({ title: t.metaTitle, description: t.thanks, noindex: true }, useDefaultMeta());
  const [params] = useSearchParams();
  if (params.get('status') === 'cancel') {
    return (
      <Frame icon="alert" title={t.cancelledTitle}>
        <p>{t.cancelled}</p>
        <BackLinks />
      </Frame>
    );
  }
  return <Success sessionId={params.get('session_id')} pollMs={pollMs} maxPolls={maxPolls} />;
}

function Success({ sessionId, pollMs, maxPolls }: { sessionId: string | null } & Required<CheckoutReturnProps>) {
  const billing = useBillingTexts();
  const t = billing.return;
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <Confirming />;
  if (!auth.authenticated) {
    return (
      <Frame icon="check" title={t.thanksTitle}>
        <p>{t.thanks}</p>
        <p className={muted}>{t.signInText}</p>
        <div className="flex flex-wrap gap-2 pt-2">
          <Link
            to="/login"
            state={{ from: `${location.pathname}${location.search}` }}
            className={`${button.primary} w-full sm:w-auto`}
          >
            {t.signIn}
          </Link>
        </div>
      </Frame>
    );
  }
  if (!sessionId) return <Thanks />;
  return <Poller sessionId={sessionId} pollMs={pollMs} maxPolls={maxPolls} />;
}

type Outcome = { kind: 'waiting' } | { kind: 'done'; status: CheckoutStatus } | { kind: 'expired' } | { kind: 'late' };

function Poller({ sessionId, pollMs, maxPolls }: { sessionId: string } & Required<CheckoutReturnProps>) {
  const { m, locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.return;
  const { refresh } = useAuth();
  const prices = usePrices();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    const finish = (next: Outcome) => {
      setOutcome(next);
      // Header, dashboard and the email modal read the plan and credits from the signed-in user.
      if (next.kind !== 'expired') void refresh();
    };
    const poll = async () => {
      polls += 1;
      const answer = await fetchCheckoutStatus(sessionId);
      if (stopped) return;
      if (answer.ok && answer.body?.status === 'completed') return finish({ kind: 'done', status: answer.body });
      if (answer.ok && answer.body?.status === 'expired') return finish({ kind: 'expired' });
      // Not ours or unknown (404), or signed out meanwhile: nothing to wait for.
      if (answer.status >= 400 && answer.status < 500) return finish({ kind: 'late' });
      if (polls >= maxPolls) return finish({ kind: 'late' });
      timer = setTimeout(poll, pollMs);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, pollMs, maxPolls, refresh]);

  // One Frame for every outcome: its live region stays in place, so the change is announced.
  if (outcome.kind === 'waiting') {
    return (
      <Frame icon="clock" title={t.confirming} busy>
        <ProgressBar />
      </Frame>
    );
  }
  if (outcome.kind === 'expired') {
    return (
      <Frame icon="alert" title={t.expiredTitle}>
        <p>{t.expired}</p>
        <BackLinks />
      </Frame>
    );
  }
  if (outcome.kind === 'late') {
    return (
      <Frame icon="clock" title={t.pendingTitle}>
        <p>{t.pending}</p>
        <BackLinks />
      </Frame>
    );
  }
  const { status } = outcome;
  return (
    <Frame icon="check" title={t.receivedTitle}>
      <p data-testid="checkout-result">
        {fill(t.received, {
          plan: m.account.dashboard.plans[status.plan],
          credits: status.email_search_credits.toLocaleString(locale),
        })}
      </p>
      {status.kind === 'plus' && <p>{t.plusPlaced}</p>}
      {status.kind === 'credits' && <p>{fill(t.packAdded, { count: String(prices.data?.pack_credits ?? '') })}</p>}
      <BackLinks />
    </Frame>
  );
}

function Thanks() {
  const billing = useBillingTexts();
  const { refresh } = useAuth();
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return (
    <Frame icon="check" title={billing.return.thanksTitle}>
      <p>{billing.return.thanks}</p>
      <BackLinks />
    </Frame>
  );
}

function Confirming() {
  const billing = useBillingTexts();
  return (
    <Frame icon="clock" title={billing.return.confirming} busy>
      <ProgressBar />
    </Frame>
  );
}

function ProgressBar() {
  return (
    <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
      <div className="h-full w-1/3 animate-pulse rounded-full bg-amber-600 dark:bg-amber-400" />
    </div>
  );
}

function BackLinks() {
  const billing = useBillingTexts();
  const t = billing.return;
  return (
    <div className="flex flex-col gap-2 pt-2 sm:flex-row">
      <Link to="/dashboard" className={`${button.primary} w-full sm:w-auto`}>
        {t.dashboard}
      </Link>
      <Link to="/pricing" className={`${button.secondary} w-full sm:w-auto`}>
        {t.pricing}
      </Link>
    </div>
  );
}

const ICONS = {
  check: <CheckIcon className="text-2xl text-emerald-600 dark:text-emerald-400" />,
  alert: <AlertIcon className="text-2xl text-amber-600 dark:text-amber-400" />,
  clock: <ClockIcon className="text-2xl text-slate-500 dark:text-slate-400" />,
};

/** One card for every state; its text is a live region, so the outcome is read out when it arrives. */
function Frame(props: { icon: keyof typeof ICONS; title: string; busy?: boolean; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-20">
      <div className={`${card} p-6 sm:p-8`} role="status" aria-live="polite" aria-busy={props.busy || undefined}>
        <div className="flex items-center gap-3">
          {ICONS[props.icon]}
          <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
        </div>
        <div className="mt-4 space-y-3 text-slate-700 dark:text-slate-300">{props.children}</div>
      </div>
    </div>
  );
}
