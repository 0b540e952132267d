import type { AdminOrder, OrderStatus } from '@hound/contracts';
import { AlertIcon } from '../../components/icons.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { formatMoney } from '../billing/format-money.ts';
import { useAdminTexts } from './admin-texts.ts';

const BADGE: Record<OrderStatus, string> = {
  lead: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  paid: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  refused: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  refunded: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
  disputed: 'bg-orange-100 text-orange-900 dark:bg-orange-400/15 dark:text-orange-200',
};

const pill = 'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium';

export function StatusBadge({ status }: { status: OrderStatus }) {
  const admin = useAdminTexts();
  return (
    <span className={`${pill} ${BADGE[status]}`} data-testid="order-status">
      {admin.orders.statuses[status]}
    </span>
  );
}

/** Overdue is said in words (and an icon), not by the red colour alone. */
export function OverdueBadge() {
  const admin = useAdminTexts();
  return (
    <span className={`${pill} bg-red-700 text-white dark:bg-red-500 dark:text-slate-950`}>
      <AlertIcon />
      {admin.orders.overdue}
    </span>
  );
}

/** Formats an order's dates and amount in the page's locale; missing values read "—". */
export function useOrderFormat() {
  const { locale } = useI18n();
  const admin = useAdminTexts();
  const none = admin.orders.none;
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    day: (iso: string | null) => (iso ? day.format(new Date(iso)) : none),
    moment: (iso: string | null) => (iso ? moment.format(new Date(iso)) : none),
    money: (order: Pick<AdminOrder, 'amount' | 'currency'>) =>
      order.amount !== null && order.currency
        ? formatMoney({ amount: order.amount, currency: order.currency }, locale)
        : none,
  };
}
