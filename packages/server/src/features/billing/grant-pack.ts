/**
 * A paid credit pack (issue 38 item 5b) adds its credits once per checkout session: the ledger key
 * `checkout:<session>` makes any number of redelivered or reordered events (and the return page's own
 * re-read) add them once, and the receipt is written to the outbox in the same transaction, so it is sent
 * exactly when the credits are added. The amount is the server's own setting, carried on the session's
 * metadata by the server (a pack bought before the setting changed adds what it was sold with).
 */
import type Stripe from 'stripe';
import type { BillingAccountRow } from '../../db/schema/index.ts';
import { packReceiptMail } from '../../mail/templates/billing-mails.ts';
import { applyCredits } from '../credits/ledger.ts';
import type { BillingDeps } from './billing-deps.ts';
import { recipientOf } from './billing-notices.ts';

function packCredits(deps: BillingDeps, session: Stripe.Checkout.Session): number {
  const stated = Number(session.metadata?.credits);
  return Number.isInteger(stated) && stated > 0 && stated <= 10_000 ? stated : deps.options.packCredits;
}

export async function grantPack(deps: BillingDeps, account: BillingAccountRow, session: Stripe.Checkout.Session) {
  if (session.payment_status !== 'paid') return;
  const credits = packCredits(deps, session);
  const to = await recipientOf(deps, account);
  const granted = await deps.db.transaction(async (tx) => {
    const result = await applyCredits(tx, {
      userId: account.userId,
      delta: credits,
      kind: 'purchase',
      idempotencyKey: `checkout:${session.id}`,
      ref: session.id,
      reason: 'Credit pack',
    });
    if (!result.applied) return false;
    if (to) {
      await deps.mailer.enqueue(
        tx,
        packReceiptMail(to.user.email, to.context, {
          credits,
          amount: session.amount_total ?? 0,
          currency: session.currency ?? 'gbp',
          paidAt: Math.floor(deps.now().getTime() / 1000),
          reference: session.id.slice(-12),
          balance: result.newBalance,
        }),
      );
    }
    return true;
  });
  if (!granted) return;
  deps.mailer.flush();
  deps.log.info({ userId: account.userId, checkout: session.id, credits }, 'credit pack added');
}
