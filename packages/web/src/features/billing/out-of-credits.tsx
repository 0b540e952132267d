import { Link } from 'react-router';
import { muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill, plural } from '../../lib/format.ts';
import { useBillingTexts } from './billing-texts.ts';
import { BuyCredits } from './buy-credits.tsx';
import { usePrices, useSubscription } from './use-prices.ts';

/**
 * A premium user with no credit left (issue 27 item 5): instead of a button that can only fail, when the
 * credits come back and how many — or that a plan set by the team does not renew by itself (decision 109)
 * — and what can be done now: Email Plus (the card beside), a free username search.
 */
export function OutOfCredits() {
  const { m, locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.outOfCredits;
  const subscription = useSubscription().data;
  const prices = usePrices().data;
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
  const end = subscription?.period_end ?? null;
  const renewal = !subscription
    ? m.common.loading
    : subscription.status && end
      ? subscription.cancel_at_period_end
        ? fill(t.ends, { date: date(end) })
        : prices
          ? plural(t.renews, prices.monthly_credits, locale, { date: date(end) })
          : fill(t.renews.other, { date: date(end), count: '' })
      : t.setByTeam;
  return (
    <div data-testid="out-of-credits">
      <p className="font-medium text-red-700 dark:text-red-400">{t.none}</p>
      <p className="mt-1 text-sm" data-testid="credits-renew">
        {renewal}
      </p>
      <p className={`mt-3 text-sm font-medium`}>{t.nowTitle}</p>
      <ul className={`mt-1 list-disc space-y-0.5 pl-5 text-sm ${muted}`}>
        <li>{t.plus}</li>
        <li className="list-none -ml-5 py-1">
          <BuyCredits stacked />
        </li>
        <li>
          <Link to="/username-search" className="underline">
            {t.username}
          </Link>
        </li>
      </ul>
    </div>
  );
}
