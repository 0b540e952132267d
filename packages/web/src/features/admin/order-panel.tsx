import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { BreakableAddress } from '../../components/breakable-address.tsx';
import { ArrowLeftIcon } from '../../components/icons.tsx';
import { button, card, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useAdminTexts } from './admin-texts.ts';
import { OrderSearchSection } from './order-search.tsx';
import { OverdueBadge, StatusBadge, useOrderFormat } from './order-status.tsx';
import { type AdminOrderDetail, fetchOrder, isOpen, ORDER_KEY, ORDERS_KEY } from './orders-api.ts';
import { useReportDraft } from './report-draft.ts';
import { ReportEditor } from './report-editor.tsx';

/** One order, in place of the queue: header, automated search (polled while it runs) and the report. */
export function OrderPanel(props: { id: string; pollMs: number; onBack(): void }) {
  const { m } = useI18n();
  const admin = useAdminTexts();
  const { session } = useAuth();
  const client = useQueryClient();
  const key = [ORDER_KEY, props.id, session];
  const detail = useQuery({
    queryKey: key,
    queryFn: async () => {
      const answer = await fetchOrder(props.id);
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? admin.errors.operation);
      return answer.body;
    },
    refetchInterval: (query) => (query.state.data?.search?.status === 'running' ? props.pollMs : false),
  });

  /** Applies what the server confirmed; a read still in flight (polling) must not undo it. */
  const patch = (change: Partial<AdminOrderDetail>) => {
    void client.cancelQueries({ queryKey: key });
    client.setQueryData<AdminOrderDetail>(key, (order) => (order ? { ...order, ...change } : order));
    void client.invalidateQueries({ queryKey: [ORDERS_KEY] });
  };

  return (
    <div className="space-y-4">
      <button type="button" className={`${button.ghost} -ml-3`} onClick={props.onBack}>
        <ArrowLeftIcon />
        {admin.orders.back}
      </button>
      {detail.isPending && <p className={muted}>{m.common.loading}</p>}
      {detail.isError && !detail.data && <p className="text-red-700 dark:text-red-400">{detail.error.message}</p>}
      {detail.data && (
        <OrderView
          key={props.id}
          order={detail.data}
          onOrder={patch}
          onSearchStarted={(searchId) => {
            patch({ search: { id: searchId, status: 'running', accounts: [], data: [] } });
            void client.invalidateQueries({ queryKey: key });
          }}
        />
      )}
    </div>
  );
}

function OrderView(props: {
  order: AdminOrderDetail;
  onOrder(change: Partial<AdminOrderDetail>): void;
  onSearchStarted(searchId: string): void;
}) {
  const { order } = props;
  const draft = useReportDraft(order.report);
  const heading = useRef<HTMLHeadingElement>(null);
  const open = isOpen(order);
  const wasOpen = useRef<boolean | null>(null);
  // Focus goes to the order when it is shown, and back to it when it closes (its buttons are gone then).
  useEffect(() => {
    if (wasOpen.current === null || (wasOpen.current && !open)) heading.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <div className="space-y-4">
      <OrderHeader order={order} heading={heading} />
      <OrderSearchSection order={order} draft={draft} readOnly={!open} onStarted={props.onSearchStarted} />
      <ReportEditor order={order} draft={draft} onOrder={props.onOrder} />
    </div>
  );
}

function OrderHeader({ order, heading }: { order: AdminOrderDetail; heading: RefObject<HTMLHeadingElement | null> }) {
  const admin = useAdminTexts();
  const t = admin.orders;
  const format = useOrderFormat();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={`${card} space-y-4 p-4 sm:p-6`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id={`${id}-title`}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 text-xl font-semibold break-words focus:outline-none"
          title={order.target_email}
        >
          <BreakableAddress address={order.target_email} />
        </h2>
        <StatusBadge status={order.status} />
        {order.overdue && <OverdueBadge />}
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Item label={t.customer}>
          <span className="block">{order.customer_name}</span>
          <span className={`block [overflow-wrap:anywhere] ${muted}`}>{order.customer_email}</span>
        </Item>
        <Item label={t.paidOn}>{format.moment(order.paid_at)}</Item>
        <Item label={t.dueOn}>{format.moment(order.due_at)}</Item>
        <Item label={t.amount}>{format.money(order)}</Item>
        {order.delivered_at && <Item label={t.deliveredOn}>{format.moment(order.delivered_at)}</Item>}
      </dl>
      <figure>
        <figcaption className="text-sm font-medium">{t.purpose}</figcaption>
        <blockquote
          className="mt-1 border-l-4 border-slate-300 pl-3 italic [overflow-wrap:anywhere] whitespace-pre-wrap dark:border-slate-600"
          data-testid="order-purpose"
        >
          {fill(t.quoted, { text: order.purpose })}
        </blockquote>
      </figure>
      {(order.status === 'refunded' || order.status === 'disputed') && (
        <p
          className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-400/10 dark:text-red-200"
          data-testid="order-reversal"
        >
          {order.status === 'refunded'
            ? t.reversal.refunded
            : order.dispute_status === 'lost'
              ? t.reversal.lost
              : fill(t.reversal.disputed, { status: order.dispute_status ?? '' })}
        </p>
      )}
      {order.duplicate_payments > 0 && (
        <p
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-400/10 dark:text-amber-100"
          data-testid="order-duplicates"
        >
          {fill(t.duplicates, { count: String(order.duplicate_payments) })}
        </p>
      )}
      {order.status === 'refused' && (
        <div className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-400/10 dark:text-red-200">
          <p className="font-medium">{t.refuse.reasonShown}</p>
          <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-wrap" data-testid="refused-reason">
            {order.refused_reason}
          </p>
        </div>
      )}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className={muted}>{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}
