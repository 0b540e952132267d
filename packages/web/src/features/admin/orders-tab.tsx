import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { button, card, focusRing, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useAdminTexts } from './admin-texts.ts';
import { OrderPanel } from './order-panel.tsx';
import { OverdueBadge, StatusBadge, useOrderFormat } from './order-status.tsx';
import { type AdminOrder, fetchOrders, ORDER_FILTERS, ORDERS_KEY, type OrdersQuery } from './orders-api.ts';
import { Pager } from './users-tab.tsx';

const PAGE = 50;

export interface OrdersTabProps {
  /** Time between two reads of an order while its automated search runs (1.5 s). */
  pollMs?: number;
}

/** "Email Plus orders": the queue (Open by default, soonest due first) and, once opened, one order in place of it. */
export function OrdersTab({ pollMs = 1500 }: OrdersTabProps) {
  const [query, setQuery] = useState<OrdersQuery>({ status: 'open', skip: 0, limit: PAGE });
  // The opened order is part of the address (`?tab=orders&order=…`): a reload, Back and a shared link keep it.
  const [params, setParams] = useSearchParams();
  const openId = params.get('order');
  // The order just closed, so the queue can give its "Open" button the focus back.
  const [returnTo, setReturnTo] = useState<string | null>(null);
  if (openId) {
    return (
      <OrderPanel
        id={openId}
        pollMs={pollMs}
        onBack={() => {
          setReturnTo(openId);
          setParams({ tab: 'orders' });
        }}
      />
    );
  }
  return (
    <OrdersQueue
      query={query}
      onQuery={setQuery}
      onOpen={(id) => setParams({ tab: 'orders', order: id })}
      returnTo={returnTo}
    />
  );
}

function OrdersQueue(props: {
  query: OrdersQuery;
  onQuery(query: OrdersQuery): void;
  onOpen(id: string): void;
  returnTo: string | null;
}) {
  const { m } = useI18n();
  const admin = useAdminTexts();
  const t = admin.orders;
  const { session } = useAuth();
  const { query } = props;
  const table = useRef<HTMLDivElement>(null);
  const orders = useQuery({
    queryKey: [ORDERS_KEY, query, session],
    queryFn: async () => {
      const answer = await fetchOrders(query);
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? t.loadFailed);
      return answer.body;
    },
    placeholderData: keepPreviousData,
  });

  const { returnTo } = props;
  useEffect(() => {
    if (!returnTo) return;
    const openers = table.current?.querySelectorAll<HTMLButtonElement>('button[data-order-open]') ?? [];
    for (const opener of openers) if (opener.dataset.orderOpen === returnTo) opener.focus();
  }, [returnTo]);

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">{t.filterLabel}</legend>
        {ORDER_FILTERS.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={query.status === status}
            onClick={() => props.onQuery({ ...query, status, skip: 0 })}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium ${focusRing} ${
              query.status === status
                ? 'border-amber-700 bg-amber-700 text-white dark:border-amber-400 dark:bg-amber-400 dark:text-slate-950'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
            }`}
          >
            {t.filters[status]}
          </button>
        ))}
      </fieldset>
      {orders.isPending && <p className={muted}>{m.common.loading}</p>}
      {orders.isError && <p className="text-red-700 dark:text-red-400">{orders.error.message}</p>}
      {orders.data && orders.data.items.length === 0 && <p className={muted}>{t.empty}</p>}
      {orders.data && orders.data.items.length > 0 && (
        <>
          <div ref={table} className={`${card} overflow-x-auto`}>
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400">
                <tr>
                  {Object.values(t.columns).map((label) => (
                    <th key={label} scope="col" className="px-3 py-2 font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((order) => (
                  <OrderRow key={order.id} order={order} onOpen={() => props.onOpen(order.id)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager total={orders.data.total} query={query} onPage={(skip) => props.onQuery({ ...query, skip })} />
        </>
      )}
    </div>
  );
}

function OrderRow({ order, onOpen }: { order: AdminOrder; onOpen(): void }) {
  const admin = useAdminTexts();
  const t = admin.orders;
  const format = useOrderFormat();
  return (
    <tr
      data-order-id={order.id}
      data-overdue={order.overdue || undefined}
      className={`border-b border-slate-100 last:border-0 dark:border-slate-800/70 ${
        order.overdue ? 'bg-red-50 dark:bg-red-950/40' : ''
      }`}
    >
      <td className="px-3 py-2">
        <div className="flex flex-col items-start gap-1">
          <span className="whitespace-nowrap tabular-nums">{format.day(order.due_at)}</span>
          {order.overdue && <OverdueBadge />}
        </div>
      </td>
      <td className="px-3 py-2 font-medium break-all">{order.target_email}</td>
      <td className="px-3 py-2">
        <div>{order.customer_name}</div>
        <div className={`break-all ${muted}`}>{order.customer_email}</div>
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={order.status} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">{format.money(order)}</td>
      <td className="px-3 py-2">
        <button
          type="button"
          data-order-open={order.id}
          aria-label={fill(t.openOrder, { target: order.target_email })}
          className={`${button.secondary} px-3 py-1 text-xs`}
          onClick={onOpen}
        >
          {t.open}
        </button>
      </td>
    </tr>
  );
}
