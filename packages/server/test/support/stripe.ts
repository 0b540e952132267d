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

type Caller = (
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked field by field with expect
  json: any;
}>;
type Customer = { email: string; headers: Record<string, string> };

/** A user's Email Plus lead on `target` (`POST /api/email/plus/lead`); answers the lead id. */
export async function emailPlusLead(call: Caller, user: Customer, target = 'target@example.org'): Promise<string> {
  const lead = await call(
    'POST',
    '/api/email/plus/lead',
    { email: target, purpose: 'Checking a landlord before signing a lease', accept_terms: true },
    { ...user.headers, 'x-user-email': user.email },
  );
  if (lead.status !== 200) throw new Error(`lead answered ${lead.status}: ${lead.text}`);
  return lead.json.lead_id;
}

/** The checkout request for an Email Plus lead. */
export const plusCheckout = (fake: FakeStripe, leadId: string) => ({
  price_id: fake.prices.plusMonthly,
  mode: 'subscription',
  meta: { lead_id: leadId, product: 'email_plus' },
});

/** A lead paid through the fake's hosted checkout, its webhooks delivered; answers the order (lead) id. */
export async function payEmailPlusLead(
  call: Caller,
  fake: FakeStripe,
  user: Customer,
  target?: string,
): Promise<string> {
  const leadId = await emailPlusLead(call, user, target);
  const answer = await call('POST', '/billing/checkout', plusCheckout(fake, leadId), user.headers);
  if (answer.status !== 200) throw new Error(`checkout answered ${answer.status}: ${answer.text}`);
  await fake.completeCheckout(String(answer.json.url).split('/').pop()!);
  await fake.webhooks.idle();
  return leadId;
}
