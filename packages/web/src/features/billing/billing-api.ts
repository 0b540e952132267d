/** The billing and Email Plus calls (spec 001 §7), with the session's bearer token. They never throw. */
import type {
  CheckoutRequest,
  CheckoutStatus,
  EmailPlusSubscription,
  Invoice,
  MyOrder,
  MyOrderReport,
  PricesResponse,
  SubscriptionSummary,
} from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';

export const fetchPrices = () => apiFetch<PricesResponse>('/billing/prices');

export const postCheckout = (request: CheckoutRequest) =>
  apiFetch<{ url: string }>('/billing/checkout', { method: 'POST', body: request });

export const fetchCheckoutStatus = (sessionId: string) =>
  apiFetch<CheckoutStatus>(`/billing/checkout/${encodeURIComponent(sessionId)}`);

export const fetchPortal = () => apiFetch<{ url: string }>('/billing/portal');

export const fetchInvoices = () => apiFetch<{ items: Invoice[] }>('/billing/invoices');

export const fetchSubscription = () => apiFetch<SubscriptionSummary>('/billing/subscription');

export interface LeadInput {
  email: string;
  purpose: string;
}

/** Saves the target of an Email Plus report; the spec's `x-user-email` header names the requester. */
export const postLead = (userEmail: string, lead: LeadInput) =>
  apiFetch<{ lead_id: string }>('/api/email/plus/lead', {
    method: 'POST',
    headers: { 'x-user-email': userEmail },
    body: { email: lead.email, purpose: lead.purpose, accept_terms: true },
  });

export const fetchMyOrders = () => apiFetch<{ items: MyOrder[] }>('/me/email-plus/orders');

export const fetchMySubscriptions = () => apiFetch<{ items: EmailPlusSubscription[] }>('/me/email-plus/subscriptions');

/** The address the next Email Plus period searches. */
export const patchSubscriptionTarget = (id: string, email: string) =>
  apiFetch<EmailPlusSubscription>(`/me/email-plus/subscriptions/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { email },
  });

export const postCancelSubscription = (id: string) =>
  apiFetch<EmailPlusSubscription>(`/me/email-plus/subscriptions/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });

export const fetchMyOrderReport = (id: string) =>
  apiFetch<MyOrderReport>(`/me/email-plus/orders/${encodeURIComponent(id)}`);
