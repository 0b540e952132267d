import type { MyOrder } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BreakableAddress } from '../../components/breakable-address.tsx';
import { card, link, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { fetchMyOrders } from './billing-api.ts';
import { useBillingTexts } from './billing-texts.ts';
import { EmailPlusSubscriptions } from './email-plus-subscriptions.tsx';

export const ORDERS_KEY = 'email-plus-orders';

const BADGE: Record<MyOrder['status'], string> = {
  lead: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  paid: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  refused: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  refunded: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  disputed: 'bg-orange-100 text-orange-900 dark:bg-orange-400/15 dark:text-orange-200',
};

/** The dashboard's Email Plus part: the subscriptions (what renews, when), then the orders. */
export function EmailPlusOrders() {
  return (
    <>
      <EmailPlusSubscriptions />
      <OrdersList />
    </>
  );
}

/** "Email Plus orders": shown only when the user has paid for at least one report; delivered ones reopen. */
function OrdersList() {
  const { locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.orders;
  const { session } = useAuth();
  const orders = useQuery({
    queryKey: [ORDERS_KEY, session],
    queryFn: async () => {
      const answer = await fetchMyOrders();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `orders: ${answer.status}`);
      return answer.body.items;
    },
    enabled: session,
  });
  if (!orders.data || orders.data.length === 0) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const day = (iso: string | null) => (iso ? date.format(new Date(iso)) : t.none);
  return (
    <section aria-labelledby="email-plus-orders" className="space-y-3">
      <h2 id="email-plus-orders" className="text-xl font-semibold">
        {t.title}
      </h2>
      <ul className="space-y-3">
        {orders.data.map((order) => (
          <li key={order.id} className={`${card} p-4`} data-testid="email-plus-order">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <p className="min-w-0 flex-1 font-semibold break-words" title={order.target_email}>
                <span className="sr-only">{t.columns.target}: </span>
                <BreakableAddress address={order.target_email} />
              </p>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${BADGE[order.status]}`}>
                <span className="sr-only">{t.columns.status}: </span>
                {t.statuses[order.status]}
              </span>
            </div>
            <dl className={`mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:flex sm:gap-x-6 ${muted}`}>
              <div className="flex gap-1.5">
                <dt>{t.columns.due}:</dt>
                <dd className="text-slate-800 dark:text-slate-200">{day(order.due_at)}</dd>
              </div>
              <div className="flex gap-1.5">
                <dt>{t.columns.delivered}:</dt>
                <dd className="text-slate-800 dark:text-slate-200">{day(order.delivered_at)}</dd>
              </div>
            </dl>
            {order.status === 'delivered' && (
              <Link
                to={`/dashboard/orders/${encodeURIComponent(order.id)}`}
                className={`${link} mt-2 inline-block text-sm`}
                aria-label={fill(t.openReportLabel, { email: order.target_email })}
              >
                {t.openReport}
              </Link>
            )}
            {order.status === 'refused' && order.refused_reason && (
              <p className="mt-2 text-sm text-red-800 dark:text-red-300">
                {fill(t.refusedReason, { reason: order.refused_reason })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
