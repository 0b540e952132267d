import { type EmailPlusSubscription, emailSearchProblem } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { BreakableAddress } from '../../components/breakable-address.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { errorClass } from '../auth/auth-frame.tsx';
import { emailProblemText } from '../email-search/email-problem-text.ts';
import { fetchMySubscriptions, patchSubscriptionTarget, postCancelSubscription } from './billing-api.ts';
import { useBillingText } from './billing-text.ts';
import { useBillingTexts } from './billing-texts.ts';
import { formatMoney } from './format-money.ts';
import { TargetAddressField } from './target-address-field.tsx';
import { usePrices } from './use-prices.ts';

export const SUBSCRIPTIONS_KEY = 'email-plus-subscriptions';

/**
 * The dashboard's Email Plus subscriptions (decision 108): the address each month's report searches, when
 * the next one is ordered, "Change address" for the next period and "Cancel renewals" (after a confirmation
 * naming the date). Shown only to someone who has subscribed.
 */
export function EmailPlusSubscriptions() {
  const billing = useBillingTexts();
  const t = billing.subscriptions;
  const { session } = useAuth();
  const subscriptions = useQuery({
    queryKey: [SUBSCRIPTIONS_KEY, session],
    queryFn: async () => {
      const answer = await fetchMySubscriptions();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `subscriptions: ${answer.status}`);
      return answer.body.items;
    },
    enabled: session,
  });
  if (!subscriptions.data || subscriptions.data.length === 0) return null;
  return (
    <section aria-labelledby="email-plus-subscriptions" className="space-y-3">
      <div>
        <h2 id="email-plus-subscriptions" className="text-xl font-semibold">
          {t.title}
        </h2>
        <p className={`mt-1 text-sm ${muted}`}>{t.lead}</p>
      </div>
      <ul className="space-y-3">
        {subscriptions.data.map((subscription) => (
          <SubscriptionItem key={subscription.id} subscription={subscription} />
        ))}
      </ul>
    </section>
  );
}

const LIVE = ['active', 'trialing', 'past_due'];

function SubscriptionItem({ subscription }: { subscription: EmailPlusSubscription }) {
  const { m, locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.subscriptions;
  const say = useBillingText();
  const prices = usePrices();
  const queryClient = useQueryClient();
  const id = useId();
  const [mode, setMode] = useState<'view' | 'change' | 'confirm'>('view');
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const end = subscription.period_end ? date.format(new Date(subscription.period_end)) : '—';
  const amount = prices.data ? formatMoney(prices.data.amounts.plus, locale) : '';
  const live = LIVE.includes(subscription.status);
  const renewing = live && !subscription.cancel_at_period_end;

  const line = !live
    ? t.ended
    : subscription.status === 'past_due'
      ? t.pastDue
      : subscription.cancel_at_period_end
        ? fill(t.ends, { date: end })
        : fill(t.renews, { date: end, amount });

  const refresh = (next: EmailPlusSubscription) =>
    queryClient.setQueryData<EmailPlusSubscription[]>(
      [SUBSCRIPTIONS_KEY, true],
      (items) => items?.map((item) => (item.id === next.id ? next : item)) ?? items,
    );

  const saveTarget = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = emailSearchProblem(target);
    if (found) {
      setProblem(emailProblemText(found, m.email.errors));
      return;
    }
    setBusy(true);
    const answer = await patchSubscriptionTarget(subscription.id, target.trim());
    setBusy(false);
    if (answer.ok && answer.body) {
      refresh(answer.body);
      setMode('view');
      setProblem(null);
      setNotice(fill(t.saved, { email: answer.body.target_email }));
      return;
    }
    setProblem(answer.detail ? say(answer.detail) : t.failed);
  };

  const cancel = async () => {
    if (busy) return;
    setBusy(true);
    const answer = await postCancelSubscription(subscription.id);
    setBusy(false);
    if (answer.ok && answer.body) {
      refresh(answer.body);
      setMode('view');
      const ends = answer.body.period_end ? date.format(new Date(answer.body.period_end)) : end;
      setNotice(fill(t.cancelled, { date: ends }));
      return;
    }
    setProblem(answer.detail ? say(answer.detail) : t.failed);
  };

  return (
    <li className={`${card} p-4`} data-testid="email-plus-subscription">
      <p className={`text-sm ${muted}`}>{t.target}</p>
      <p className="font-semibold break-words" title={subscription.target_email}>
        <BreakableAddress address={subscription.target_email} />
      </p>
      <p
        className={`mt-1 text-sm ${subscription.status === 'past_due' ? 'font-medium text-red-700 dark:text-red-400' : muted}`}
        data-testid="subscription-renewal"
      >
        {line}
      </p>
      {notice && (
        <p role="status" className="mt-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {notice}
        </p>
      )}
      {renewing && mode === 'view' && (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            className={button.secondary}
            onClick={() => {
              setMode('change');
              setTarget(subscription.target_email);
              setNotice(null);
            }}
          >
            {t.change}
          </button>
          <button
            type="button"
            className={button.ghost}
            onClick={() => {
              setMode('confirm');
              setNotice(null);
              setProblem(null);
            }}
          >
            {t.cancel}
          </button>
        </div>
      )}
      {mode === 'change' && (
        <form onSubmit={saveTarget} noValidate className="mt-3 space-y-2">
          <TargetAddressField
            id={`${id}-target`}
            label={t.newTarget}
            value={target}
            onChange={setTarget}
            problem={problem}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="submit" className={button.primary} disabled={busy}>
              {busy ? t.saving : t.save}
            </button>
            <button
              type="button"
              className={button.ghost}
              onClick={() => {
                setMode('view');
                setProblem(null);
              }}
            >
              {t.keep}
            </button>
          </div>
        </form>
      )}
      {mode === 'confirm' && (
        <div className="mt-3 space-y-2">
          <p className="text-sm font-medium">{fill(t.confirmCancel, { date: end })}</p>
          {problem && <p className={errorClass}>{problem}</p>}
          <div className="flex flex-col gap-2 sm:flex-row">
            <button type="button" className={button.primary} disabled={busy} onClick={cancel}>
              {busy ? t.cancelling : t.confirm}
            </button>
            <button type="button" className={button.ghost} onClick={() => setMode('view')}>
              {t.keep}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
