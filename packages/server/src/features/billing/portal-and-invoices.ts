import { BILLING_MESSAGES, type Invoice, type SubscriptionSummary } from '@hound/contracts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { findBillingAccount } from './ensure-customer.ts';
import { providerCall } from './provider-call.ts';

/** `GET /billing/portal`: Stripe's billing portal for the caller's customer, returning to Billing. */
export async function openPortal(deps: BillingDeps, userId: string): Promise<{ url: string }> {
  const { client } = stripeOf(deps);
  const account = await findBillingAccount(deps, userId);
  if (!account) throw new AppError('BILLING_CONFLICT', BILLING_MESSAGES.noBillingAccount);
  const session = await providerCall(deps, 'open portal', () =>
    client.billingPortal.sessions.create({
      customer: account.customerId,
      return_url: `${deps.options.publicUrl}/dashboard/billing`,
    }),
  );
  return { url: session.url };
}

/** `GET /billing/invoices`: the caller's invoices, newest first (none without payments). */
export async function listInvoices(deps: BillingDeps, userId: string): Promise<{ items: Invoice[] }> {
  if (!deps.stripe) return { items: [] };
  const account = await findBillingAccount(deps, userId);
  if (!account) return { items: [] };
  const list = await providerCall(deps, 'list invoices', () =>
    deps.stripe!.client.invoices.list({ customer: account.customerId, limit: 24 }),
  );
  return {
    items: list.data.map((invoice) => ({
      id: invoice.id ?? '',
      number: invoice.number ?? null,
      date: new Date(invoice.created * 1000).toISOString(),
      amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
      currency: invoice.currency,
      status: invoice.status ?? 'draft',
      url: invoice.hosted_invoice_url ?? null,
    })),
  };
}

/** `GET /billing/subscription`: the last state read from Stripe, for the Billing page. */
export async function subscriptionSummary(deps: BillingDeps, userId: string): Promise<SubscriptionSummary> {
  const account = await findBillingAccount(deps, userId);
  return {
    status: account?.subscriptionStatus ?? null,
    period_end: account?.periodEnd?.toISOString() ?? null,
    cancel_at_period_end: account?.cancelAtPeriodEnd ?? false,
    trial_used: account?.trialUsed ?? false,
    has_customer: account !== null,
  };
}
