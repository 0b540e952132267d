/** The billing and Email Plus calls (spec 001 §7), with the session's bearer token. They never throw. */
import type {
  CheckoutRequest,
  CheckoutStatus,
  Invoice,
  MyOrder,
  PricesResponse,
  SubscriptionSummary,
} from '@hound/contracts';
import { apiFetch } from '../../lib/api-fetch.ts';

export const fetchPrices = () => apiFetch<PricesResponse>('/billing/prices');

export const postCheckout = (token: string | null, request: CheckoutRequest) =>
  apiFetch<{ url: string }>('/billing/checkout', { method: 'POST', token, body: request });

export const fetchCheckoutStatus = (token: string | null, sessionId: string) =>
  apiFetch<CheckoutStatus>(`/billing/checkout/${encodeURIComponent(sessionId)}`, { token });

export const fetchPortal = (token: string | null) => apiFetch<{ url: string }>('/billing/portal', { token });

export const fetchInvoices = (token: string | null) => apiFetch<{ items: Invoice[] }>('/billing/invoices', { token });

export const fetchSubscription = (token: string | null) =>
  apiFetch<SubscriptionSummary>('/billing/subscription', { token });

export interface LeadInput {
  email: string;
  purpose: string;
}

/** Saves the target of an Email Plus report; the spec's `x-user-email` header names the requester. */
export const postLead = (token: string | null, userEmail: string, lead: LeadInput) =>
  apiFetch<{ lead_id: string }>('/api/email/plus/lead', {
    method: 'POST',
    token,
    headers: { 'x-user-email': userEmail },
    body: { email: lead.email, purpose: lead.purpose, accept_terms: true },
  });

export const fetchMyOrders = (token: string | null) =>
  apiFetch<{ items: MyOrder[] }>('/me/email-plus/orders', { token });
