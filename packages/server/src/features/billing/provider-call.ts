import { BILLING_MESSAGES } from '@hound/contracts';
import Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';

/**
 * Runs one Stripe call. A failure becomes `PAYMENT_PROVIDER_FAILED` (502) with the spec's "Checkout
 * failed" wording for the user; Stripe's own message goes to the log (it can name ids, never card data).
 */
export async function providerCall<T>(
  deps: Pick<BillingDeps, 'log'>,
  what: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const detail =
      error instanceof Stripe.errors.StripeError
        ? `${error.type}/${error.code ?? '-'}: ${error.message}`
        : String(error);
    deps.log.error({ what, detail }, 'payment provider call failed');
    throw new AppError('PAYMENT_PROVIDER_FAILED', BILLING_MESSAGES.checkoutFailed, { cause: error });
  }
}
