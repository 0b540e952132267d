/**
 * `POST /billing/webhook`. The signature and its timestamp are checked on the raw bytes (Stripe's 5-minute
 * tolerance); the event's own data is used only to learn *which* customer, invoice or checkout changed,
 * and the state is re-read from Stripe. An event is marked processed only after it was applied, so a crash
 * in between makes Stripe's retry apply it again — harmlessly, because every effect is keyed.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { stripeEvents } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { notifyPaymentFailed } from './billing-notices.ts';
import { reverseDispute, reverseRefund } from './reverse-payment.ts';
import { settleCheckout } from './settle-checkout.ts';
import { settleInvoice } from './settle-invoice.ts';
import { syncCustomer } from './sync-customer.ts';

const customerOf = (object: { customer?: string | { id: string } | null }) =>
  typeof object.customer === 'string' ? object.customer : object.customer?.id;

export function verifyEvent(deps: BillingDeps, raw: Buffer, signature: string | undefined): Stripe.Event {
  const { client, settings } = stripeOf(deps);
  if (!signature) throw new AppError('WEBHOOK_INVALID', 'Missing Stripe-Signature header.');
  try {
    return client.webhooks.constructEvent(raw, signature, settings.webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError('WEBHOOK_INVALID', 'Invalid webhook signature.');
    }
    throw new AppError('WEBHOOK_INVALID', 'Invalid webhook payload.');
  }
}

async function applyEvent(deps: BillingDeps, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return settleCheckout(deps, event.data.object.id);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    // Three days before a trial ends: only a refresh; the reminder goes two days before, from the
    // background pass (remindEndingTrials).
    case 'customer.subscription.trial_will_end':
      await syncCustomer(deps, customerOf(event.data.object)!);
      return;
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      if (invoice.id) await settleInvoice(deps, invoice.id);
      const customer = customerOf(invoice);
      if (customer) await syncCustomer(deps, customer);
      return;
    }
    case 'charge.refunded':
      return reverseRefund(deps, event.data.object.id);
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return reverseDispute(deps, event.data.object.id);
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const customer = customerOf(invoice);
      if (customer) await syncCustomer(deps, customer);
      if (invoice.id) await notifyPaymentFailed(deps, invoice.id);
      return;
    }
    default:
      return;
  }
}

export async function handleWebhook(
  deps: BillingDeps,
  raw: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const event = verifyEvent(deps, raw, signature);
  await deps.db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  const [seen] = await deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen?.processedAt) return { received: true, duplicate: true };
  await applyEvent(deps, event);
  await deps.db.update(stripeEvents).set({ processedAt: deps.now() }).where(eq(stripeEvents.id, event.id));
  return { received: true, duplicate: false };
}
