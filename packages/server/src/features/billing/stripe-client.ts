/**
 * The one Stripe client. `STRIPE_API_URL` points it at another API speaking Stripe's protocol (the
 * testkit's fake); the SDK, its encoding, headers and retries stay the real ones.
 */
import Stripe from 'stripe';
import type { Config } from '../../env.ts';

export type StripeSettings = NonNullable<Config['billing']['stripe']>;

export function createStripeClient(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.protocol = url.protocol === 'https:' ? 'https' : 'http';
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  }
  return new Stripe(settings.secretKey, options);
}
