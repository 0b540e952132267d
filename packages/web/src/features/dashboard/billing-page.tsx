import type { Invoice, Plan } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ExternalIcon } from '../../components/icons.tsx';
import { button, card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { fetchInvoices, fetchPortal } from '../billing/billing-api.ts';
import { useBillingTexts } from '../billing/billing-texts.ts';
import { EmailPlusSubscriptions } from '../billing/email-plus-subscriptions.tsx';
import { formatMoney } from '../billing/format-money.ts';
import { PlanActions } from '../billing/plan-actions.tsx';
import { subscriptionLine } from '../billing/subscription-line.ts';
import { redirectTo } from '../billing/use-checkout.ts';
import { useLiveAccount } from '../billing/use-credits.ts';
import { usePrices, useSubscription } from '../billing/use-prices.ts';
import { PlanSummary } from './plan-summary.tsx';

export const INVOICES_KEY = 'billing-invoices';

/** `/dashboard/billing`: plan and credits, the subscription and its portal, plan actions, invoices. */
export default function BillingPage() {
  const { m } = useI18n();
  const billing = useBillingTexts();
  const { user, session } = useAuth();
  const live = useLiveAccount();
  const invoices = useQuery({
    queryKey: [INVOICES_KEY, session],
    queryFn: async () => {
      const answer = await fetchInvoices();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `invoices: ${answer.status}`);
      return answer.body.items;
    },
    enabled: session,
  });
  if (!user) return null;
  const t = billing.page;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className={`mt-2 ${muted}`}>{t.lead}</p>
      </header>
      <PlanSummary />
      <SubscriptionSection hasInvoices={(invoices.data?.length ?? 0) > 0} plan={live?.plan ?? user.plan} />
      <EmailPlusSubscriptions />
      <section aria-labelledby="invoices" className={`${card} p-5`}>
        <h2 id="invoices" className="text-lg font-semibold">
          {t.invoices}
        </h2>
        {invoices.isPending ? (
          <p className={`mt-2 ${muted}`}>{m.common.loading}</p>
        ) : invoices.isError ? (
          <p className="mt-2 text-red-700 dark:text-red-400">{t.invoicesFailed}</p>
        ) : invoices.data.length === 0 ? (
          <p className={`mt-2 ${muted}`}>{t.noInvoices}</p>
        ) : (
          <InvoiceTable items={invoices.data} />
        )}
      </section>
    </div>
  );
}

function SubscriptionSection({ hasInvoices, plan }: { hasInvoices: boolean; plan: Plan }) {
  const { locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.page;
  const prices = usePrices();
  const subscription = useSubscription();
  const [opening, setOpening] = useState(false);
  const reasonId = useId();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const paymentsOn = prices.data?.payments_enabled === true;
  // Any payment made a Stripe customer, and the portal serves every customer (plan or Email Plus).
  const hasAccount = subscription.data?.has_customer === true || Boolean(subscription.data?.status) || hasInvoices;
  const line = subscription.data ? subscriptionLine(subscription.data, t, (iso) => date.format(new Date(iso))) : null;
  const pastDue = subscription.data?.status === 'past_due' || subscription.data?.status === 'unpaid';

  // The portal's failure is silent (spec 001 §7): the button simply works again.
  const openPortal = async () => {
    setOpening(true);
    const answer = await fetchPortal();
    if (answer.ok && answer.body?.url) redirectTo.assign(answer.body.url);
    else setOpening(false);
  };

  const reason =
    prices.data && !paymentsOn ? billing.server.paymentsOff : !hasAccount ? billing.portal.noAccount : null;
  return (
    <section aria-labelledby="subscription" className={`${card} space-y-5 p-5`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="subscription" className="text-lg font-semibold">
            {t.subscription}
          </h2>
          {line && (
            <p
              className={`mt-1 ${pastDue ? 'font-medium text-red-700 dark:text-red-400' : muted}`}
              data-testid="subscription-line"
            >
              {line}
            </p>
          )}
        </div>
        <div className="sm:text-right">
          <button
            type="button"
            className={`${button.secondary} w-full sm:w-auto`}
            disabled={!paymentsOn || !hasAccount || opening}
            aria-describedby={reason ? reasonId : undefined}
            onClick={openPortal}
          >
            {opening ? billing.portal.opening : billing.portal.manage}
          </button>
          {reason && (
            <p id={reasonId} className={`mt-1 text-sm ${muted}`}>
              {reason}
            </p>
          )}
        </div>
      </div>
      <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
        <PlanActions plan={plan} offNote={false} />
      </div>
    </section>
  );
}

function InvoiceTable({ items }: { items: Invoice[] }) {
  const { locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.page;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const statuses: Record<string, string> = t.invoiceStatuses;
  const th = 'px-2 py-2 text-left font-medium whitespace-nowrap first:pl-0 last:pr-0 sm:px-3';
  const td = 'px-2 py-2.5 whitespace-nowrap first:pl-0 last:pr-0 sm:px-3';
  // Below 640 px the number goes under the date, so the table fits a phone without scrolling.
  const wide = 'hidden sm:table-cell';
  return (
    <div className="mt-3 -mx-5 overflow-x-auto px-5">
      <table className="w-full text-sm">
        <thead className={`border-b border-slate-200 dark:border-slate-800 ${muted}`}>
          <tr>
            <th scope="col" className={th}>
              {t.columns.date}
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              {t.columns.number}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t.columns.amount}
            </th>
            <th scope="col" className={th}>
              {t.columns.status}
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">{t.columns.link}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {items.map((invoice) => (
            <tr key={invoice.id}>
              <td className={td}>
                {date.format(new Date(invoice.date))}
                {invoice.number && (
                  <span className={`block font-mono text-xs sm:hidden ${muted}`}>{invoice.number}</span>
                )}
              </td>
              <td className={`${td} ${wide} font-mono text-xs`}>{invoice.number ?? '—'}</td>
              <td className={`${td} text-right tabular-nums`}>
                {formatMoney({ amount: invoice.amount, currency: invoice.currency }, locale)}
              </td>
              <td className={td}>{statuses[invoice.status] ?? invoice.status}</td>
              <td className={`${td} text-right`}>
                {invoice.url && (
                  <a
                    href={invoice.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`${link} inline-flex items-center gap-1`}
                    aria-label={fill(t.viewLabel, { number: invoice.number ?? date.format(new Date(invoice.date)) })}
                  >
                    {t.view}
                    <ExternalIcon />
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
