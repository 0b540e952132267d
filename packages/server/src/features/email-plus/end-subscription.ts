import type { BillingDeps } from '../billing/billing-deps.ts';

/**
 * Ends an Email Plus subscription now at Stripe (no further month, no new order); its row follows through
 * the webhook. Idempotent: one key per subscription, and an already cancelled one counts as ended. Throws
 * when Stripe fails, so a webhook that needs it is redelivered.
 */
export async function endEmailPlusSubscription(deps: BillingDeps, subscriptionId: string): Promise<void> {
  if (!deps.stripe) return;
  try {
    await deps.stripe.client.subscriptions.cancel(
      subscriptionId,
      {},
      { idempotencyKey: `hound-stop-${subscriptionId}` },
    );
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'resource_already_canceled') throw error;
  }
}
