import type { Plan } from '@hound/contracts';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { button, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useBillingTexts } from './billing-texts.ts';
import { formatMoney } from './format-money.ts';
import { UpgradeConfirm } from './upgrade-confirm.tsx';
import { useCheckout } from './use-checkout.ts';
import { usePrices, useSubscription } from './use-prices.ts';

export interface PlanActionsProps {
  /** The user's plan; null when signed out (the buttons lead to /login, which comes back here). */
  plan: Plan | null;
  /**
   * What a trial user is offered: "Upgrade to Premium" (dashboard, billing, pricing) or "Pay Monthly Now"
   * (the email modal's wording; it upgrades the same way).
   */
  trialAction?: 'upgrade' | 'payMonthly';
  /** Buttons one under the other, full width (cards); otherwise a row from 640 px. */
  stacked?: boolean;
  /** Whether to say "Payments are not set up on this server." under disabled buttons (a page may say it once). */
  offNote?: boolean;
}

/**
 * The plan actions of spec 001 §2/§4: premium → "You have Premium Plan"; trial → upgrade; free → pay
 * monthly or start the trial (hidden once the trial was used). Amounts come from the server.
 */
export function PlanActions({ plan, trialAction = 'upgrade', stacked = false, offNote = true }: PlanActionsProps) {
  const { m, locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.actions;
  const auth = useAuth();
  const location = useLocation();
  const prices = usePrices();
  const subscription = useSubscription();
  const checkout = useCheckout();
  const [confirming, setConfirming] = useState(false);

  if (plan === 'premium') {
    return (
      <p className="flex items-center gap-2 font-medium text-emerald-800 dark:text-emerald-300" data-testid="premium">
        <CheckIcon className="shrink-0" />
        {t.premium}
      </p>
    );
  }
  if (auth.status === 'loading' || prices.isPending) return <p className={`text-sm ${muted}`}>{m.common.loading}</p>;
  if (!prices.data) return <p className={`text-sm ${muted}`}>{billing.pricing.loadFailed}</p>;

  const p = prices.data;
  const monthly = formatMoney(p.amounts.monthly, locale);
  const trial = formatMoney(p.amounts.trial, locale);
  const enabled = p.payments_enabled;
  const signedOut = !auth.session;
  const offer: { kind: 'monthly' | 'trial'; label: string; note?: string; primary: boolean }[] =
    plan === 'trial'
      ? [
          {
            kind: 'monthly',
            label: fill(trialAction === 'upgrade' ? t.upgrade : t.payMonthly, { amount: monthly }),
            note: t.upgradeNote,
            primary: true,
          },
        ]
      : [
          { kind: 'monthly', label: fill(t.payMonthly, { amount: monthly }), primary: true },
          ...(subscription.data?.trial_used
            ? []
            : [
                {
                  kind: 'trial' as const,
                  label: fill(t.startTrial, { days: p.trial_days, amount: trial }),
                  note: fill(t.trialNote, { days: p.trial_days, trial, monthly, credits: p.trial_credits }),
                  primary: false,
                },
              ]),
        ];

  // A trialing subscription is upgraded in place: the saved card is charged on the click, so the amount,
  // date and renewal are confirmed first (issue 27 item 3). Others pay on the checkout page, which says so.
  const chargesAtOnce = plan === 'trial' && subscription.data?.status === 'trialing';
  const width = stacked ? 'w-full' : 'w-full sm:w-auto';
  const notes = offer.flatMap((o) => (o.note ? [o.note] : []));
  return (
    <div>
      <ul aria-label={t.label} className={`flex gap-2 ${stacked ? 'flex-col' : 'flex-col sm:flex-row sm:flex-wrap'}`}>
        {offer.map((o) => {
          const className = `${o.primary ? button.primary : button.secondary} ${width}`;
          return (
            <li key={o.kind}>
              {signedOut && enabled ? (
                <Link to="/login" state={{ from: `${location.pathname}${location.search}` }} className={className}>
                  {o.label}
                </Link>
              ) : (
                <button
                  type="button"
                  className={className}
                  // Until the subscription is known, a trial's click could charge without the confirmation.
                  disabled={!enabled || checkout.pending !== null || (plan === 'trial' && subscription.isPending)}
                  aria-busy={checkout.pending === o.kind || undefined}
                  onClick={() => (o.kind === 'monthly' && chargesAtOnce ? setConfirming(true) : checkout.start(o))}
                >
                  {checkout.pending === o.kind ? t.redirecting : o.label}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {confirming && <UpgradeConfirm onClose={() => setConfirming(false)} />}
      {!enabled && offNote && (
        <p className="mt-2 text-sm font-medium text-amber-900 dark:text-amber-200">{billing.server.paymentsOff}</p>
      )}
      {enabled && signedOut && <p className={`mt-2 text-sm ${muted}`}>{billing.pricing.signedOutNote}</p>}
      {enabled && !signedOut && notes.length > 0 && (
        <ul className={`mt-2 space-y-0.5 text-xs ${muted}`}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
