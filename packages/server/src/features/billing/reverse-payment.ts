/**
 * A refund or a dispute takes back what the payment granted (decision 095). The event names the charge
 * (or the dispute); Stripe is re-read for the facts: a full refund (`charge.refunded` with the charge now
 * `refunded`; a partial refund is a goodwill gesture and takes nothing), a dispute opened
 * (`charge.dispute.created`: the money has left) or closed lost. The charge's invoices are found through
 * API 2026's invoice payments; each credit grant of those invoices is taken back once (ledger key
 * `reversal:<grant key>`, so a refund and a dispute of one payment, or any redelivery, take back once), as
 * far as the balance allows (it never goes negative; `payment_reversals` records it even when nothing was
 * left). Then the plan is re-read from Stripe.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { creditLedger, paymentReversals, users } from '../../db/schema/index.ts';
import { isAppError } from '../../errors.ts';
import { applyCredits } from '../credits/ledger.ts';
import { reverseOrderPayment } from '../email-plus/reverse-order.ts';
import type { BillingDeps } from './billing-deps.ts';
import { stripeOf } from './billing-deps.ts';
import { syncCustomer } from './sync-customer.ts';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

export async function reverseRefund(deps: BillingDeps, chargeId: string): Promise<void> {
  const charge = await stripeOf(deps).client.charges.retrieve(chargeId);
  if (!charge.refunded) return;
  const intent = idOf(charge.payment_intent);
  if (intent) await reverseOrderPayment(deps, intent, { kind: 'refund' });
  await reverseCharge(deps, charge, 'refund');
}

export async function reverseDispute(deps: BillingDeps, disputeId: string): Promise<void> {
  const { client } = stripeOf(deps);
  const dispute = await client.disputes.retrieve(disputeId);
  const charge = await client.charges.retrieve(idOf(dispute.charge)!);
  // An Email Plus order is held while any dispute is open and released if it is won (issue 38 item 2).
  const intent = idOf(charge.payment_intent);
  if (intent) await reverseOrderPayment(deps, intent, { kind: 'dispute', status: dispute.status });
  if (dispute.status === 'won' || dispute.status === 'warning_closed') return;
  await reverseCharge(deps, charge, 'dispute');
}

async function reverseCharge(deps: BillingDeps, charge: Stripe.Charge, cause: 'refund' | 'dispute') {
  const { client } = stripeOf(deps);
  const intent = idOf(charge.payment_intent);
  if (intent) {
    const payments = await client.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intent },
      limit: 10,
    });
    for (const payment of payments.data) {
      const invoiceId = idOf(payment.invoice);
      if (invoiceId) await takeBack(deps, invoiceId, cause);
    }
    // A credit pack has no invoice: its grant is keyed by its checkout session.
    const sessions = await client.checkout.sessions.list({ payment_intent: intent, limit: 3 });
    for (const session of sessions.data) await takeBack(deps, session.id, cause);
  }
  const customer = idOf(charge.customer);
  if (customer) await syncCustomer(deps, customer);
}

/** Takes back the grants of one payment: a plan invoice's allowance, or a credit pack's purchase. */
async function takeBack(deps: BillingDeps, invoiceId: string, cause: 'refund' | 'dispute') {
  const grants = await deps.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.ref, invoiceId), inArray(creditLedger.kind, ['plan_allowance', 'purchase'])));
  for (const grant of grants) {
    const userId = grant.userId;
    if (!userId || grant.delta <= 0) continue; // a deleted account has nothing left to take
    // Parallel spends may lower the balance between the read and the take: then the transaction is
    // rolled back and the take is computed again.
    for (let attempt = 0; ; attempt++) {
      try {
        const taken = await deps.db.transaction(async (tx) => {
          const [first] = await tx
            .insert(paymentReversals)
            .values({ grantKey: grant.idempotencyKey, invoiceId, taken: 0 })
            .onConflictDoNothing()
            .returning({ key: paymentReversals.grantKey });
          if (!first) return null; // taken back before
          const [user] = await tx.select({ balance: users.emailSearchCredits }).from(users).where(eq(users.id, userId));
          const amount = Math.min(grant.delta, user?.balance ?? 0);
          if (amount === 0) return 0;
          await applyCredits(tx, {
            userId,
            delta: -amount,
            kind: 'payment_reversal',
            idempotencyKey: `reversal:${grant.idempotencyKey}`,
            ref: invoiceId,
            reason: cause === 'refund' ? 'Payment refunded' : 'Payment disputed',
          });
          await tx
            .update(paymentReversals)
            .set({ taken: amount })
            .where(eq(paymentReversals.grantKey, grant.idempotencyKey));
          return amount;
        });
        if (taken) deps.log.info({ userId, invoice: invoiceId, taken, cause }, 'credits taken back');
        break;
      } catch (error) {
        if (!isAppError(error, 'CREDITS_INSUFFICIENT') || attempt >= 4) throw error;
      }
    }
  }
}
