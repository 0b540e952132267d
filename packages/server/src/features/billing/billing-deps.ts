import { BILLING_MESSAGES } from '@hound/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../errors.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { newPriceCache, type PriceCache } from './read-prices.ts';
import { createStripeClient, type StripeSettings } from './stripe-client.ts';

export interface BillingDeps {
  db: Database;
  log: FastifyBaseLogger;
  mailer: MailOutbox;
  now: () => Date;
  /** The server's HMAC key (trial markers). */
  key: () => Promise<Buffer>;
  /** The last good prices read from Stripe (per process). */
  prices: PriceCache;
  /** Absent: payments are off. */
  stripe?: { client: Stripe; settings: StripeSettings };
  options: {
    publicUrl: string;
    brand: string;
    /** `ADMIN_EMAILS`: mailed when a paid Email Plus order arrives. */
    adminEmails: string[];
    monthlyCredits: number;
    trialCredits: number;
    packCredits: number;
    userCallsPerMinute: number;
  };
}

export function billingDeps(
  base: Omit<BillingDeps, 'stripe' | 'options' | 'prices'>,
  billing: Config['billing'],
  options: { publicUrl: string; brand: string; adminEmails: string[] },
): BillingDeps {
  return {
    ...base,
    prices: newPriceCache(),
    ...(billing.stripe ? { stripe: { client: createStripeClient(billing.stripe), settings: billing.stripe } } : {}),
    options: {
      ...options,
      monthlyCredits: billing.monthlyCredits,
      trialCredits: billing.trialCredits,
      packCredits: billing.packCredits,
      userCallsPerMinute: billing.userCallsPerMinute,
    },
  };
}

/** The Stripe client, or the clear "payments are off" error (503) for routes that need it. */
export function stripeOf(deps: BillingDeps): { client: Stripe; settings: StripeSettings } {
  if (!deps.stripe) throw new AppError('PAYMENTS_DISABLED', BILLING_MESSAGES.paymentsOff);
  return deps.stripe;
}
