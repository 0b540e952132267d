/** The Email Plus fulfilment calls (admins only; the server checks every call), with the session's bearer token. */
import type { AdminOrder, AdminOrderDetail, Report, ReportField } from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';

/** The queue's filters; `open` is paid + in progress, soonest due first. */
export const ORDER_FILTERS = ['open', 'delivered', 'refused', 'refunded', 'disputed', 'all'] as const;
export type OrdersFilter = (typeof ORDER_FILTERS)[number];

export interface OrdersQuery {
  status: OrdersFilter;
  skip: number;
  limit: number;
}

/** React Query keys: the queue (any filter/page) and one order. */
export const ORDERS_KEY = 'admin-email-plus-orders';
export const ORDER_KEY = 'admin-email-plus-order';

export type OrderSearch = NonNullable<AdminOrderDetail['search']>;
export type { AdminOrder, AdminOrderDetail, Report, ReportField };

const orderPath = (id: string) => `/admin/email-plus/orders/${encodeURIComponent(id)}`;

export function fetchOrders(query: OrdersQuery) {
  const params = new URLSearchParams({ status: query.status, limit: String(query.limit), skip: String(query.skip) });
  return apiFetch<{ items: AdminOrder[]; total: number }>(`/admin/email-plus/orders?${params}`);
}

export function fetchOrder(id: string) {
  return apiFetch<AdminOrderDetail>(orderPath(id));
}

export function startOrderSearch(id: string) {
  return apiFetch<{ search_id: string }>(`${orderPath(id)}/search`, { method: 'POST' });
}

export function saveReport(id: string, report: Report) {
  return apiFetch<{ status: 'in_progress' }>(`${orderPath(id)}/report`, { method: 'PUT', body: report });
}

export function fetchPreview(id: string) {
  return apiFetch<{ subject: string; html: string; text: string }>(`${orderPath(id)}/preview`);
}

export function deliverOrder(id: string) {
  return apiFetch<{ status: 'delivered'; delivered_at: string }>(`${orderPath(id)}/deliver`, {
    method: 'POST',
  });
}

export function refuseOrder(id: string, reason: string) {
  return apiFetch<{ status: 'refused'; refund_id: string | null }>(`${orderPath(id)}/refuse`, {
    method: 'POST',
    body: { reason },
  });
}

/** An order can be worked on (searched, written, delivered, refused) only while paid or in progress. */
export function isOpen(order: Pick<AdminOrder, 'status'>): boolean {
  return order.status === 'paid' || order.status === 'in_progress';
}
