import { BILLING_MESSAGES } from '@hound/contracts';
import Stripe from 'stripe';
import { AppError } from '../../errors.ts';
import type { BillingDeps } from './billing-deps.ts';

/**
 * Runs one Stripe call. Stripe not answering within its bound (stripe-client.ts: a timeout, a refused or
 * dropped connection, after its one retry) becomes `PAYMENT_PROVIDER_UNAVAILABLE` (503, "try again"); any
 * other failure `PAYMENT_PROVIDER_FAILED` (502) with the spec's "Checkout failed" wording. The log gets
 * Stripe's error type, code and request id, never its message, which can quote what was sent (an address).
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
    const stripe = error instanceof Stripe.errors.StripeError ? error : undefined;
    deps.log.error(
      {
        what,
        type: stripe?.type ?? (error instanceof Error ? error.name : typeof error),
        code: stripe?.code,
        statusCode: stripe?.statusCode,
        requestId: stripe?.requestId,
      },
      'payment provider call failed',
    );
    if (error instanceof Stripe.errors.StripeConnectionError) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', BILLING_MESSAGES.providerNotAnswering, { cause: error });
    }
    throw new AppError('PAYMENT_PROVIDER_FAILED', BILLING_MESSAGES.checkoutFailed, { cause: error });
  }
}
