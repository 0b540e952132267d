/**
 * The one Stripe client. `STRIPE_API_URL` points it at another API speaking Stripe's protocol (the
 * testkit's fake); the SDK, its encoding, headers and retries stay the real ones.
 *
 * Every call is bounded: each try gets `STRIPE_TIMEOUT_SECONDS` and there is one retry (after ≈ 0.5 s), so a
 * Stripe that hangs answers in about twice the timeout instead of the SDK's 3 × 80 s. The retry is safe for
 * POSTs too: with retries on, the SDK sends every POST with an idempotency key (its own, or the caller's),
 * and Stripe answers a repeated key with the first answer.
 */
import Stripe from 'stripe';
import type { Config } from '../../env.ts';

export type StripeSettings = NonNullable<Config['billing']['stripe']>;

export function createStripeClient(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: settings.timeoutMs, telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  }
  return new Stripe(settings.secretKey, options);
}
