/** The real `stripe` SDK pointed at the testkit's fake, for tests that act as Stripe's dashboard would. */
import type { FakeStripe } from '@hound/testkit';
import Stripe from 'stripe';

export function stripeClientFor(fake: FakeStripe): Stripe {
  const url = new URL(fake.url);
  return new Stripe(fake.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
