import {
  CheckoutRequestSchema,
  CheckoutStatusSchema,
  InvoicesResponseSchema,
  PricesResponseSchema,
  SubscriptionSummarySchema,
  UrlResponseSchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppError } from '../../errors.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import { caller } from '../auth/guard.ts';
import type { BillingDeps } from './billing-deps.ts';
import { requireBillingBudget } from './billing-limits.ts';
import { checkoutStatus } from './checkout-status.ts';
import { createCheckout } from './create-checkout.ts';
import { handleWebhook } from './handle-webhook.ts';
import { listInvoices, openPortal, subscriptionSummary } from './portal-and-invoices.ts';
import { readPrices } from './read-prices.ts';
import { BILLING_ROUTE_ERRORS } from './route-errors.ts';

const tags = ['billing'];
const errors = BILLING_ROUTE_ERRORS;
const limited = 'Per user, at most a few calls a minute (429 `RATE_LIMITED` with `Retry-After` beyond).';

export const billingRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps; metrics?: Metrics }> = async (
  app,
  { deps, metrics },
) => {
  app.get(
    '/billing/prices',
    {
      schema: {
        summary: 'Price ids and amounts of the plans',
        description:
          'Ids are null and `payments_enabled` false when this server has no Stripe key. Cached: Stripe is read at most every 10 minutes; when it fails, the last good prices (at most a day old) are served.',
        tags,
        response: { 200: PricesResponseSchema },
      },
    },
    async () => readPrices(deps),
  );

  app.post(
    '/billing/checkout',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Start a hosted checkout',
        description:
          '`price_id` must be one of /billing/prices and fit `mode` (monthly, trial and plus: subscription, plus with `meta.lead_id` of your own lead; credits: payment, a pack of `pack_credits` credits added once when paid; Email Plus renews monthly with a fresh report, decision 108). `mode: payment` for any other price is refused (400). A trial user buying the monthly plan is upgraded at once. One open subscription checkout per user, and one per Email Plus lead: a repeated request gets the same one (409 while it is being opened). 503 when payments are off. ' +
          limited,
        tags,
        body: CheckoutRequestSchema,
        response: { 200: UrlResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireBillingBudget(deps, caller(request).user.id, 'checkout');
      return createCheckout(deps, caller(request).user, request.body);
    },
  );

  app.get(
    '/billing/checkout/:id',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Whether a checkout has been paid and applied',
        description:
          'While open, the session is re-read from Stripe, at most 30 times a minute per user; beyond that the stored state is answered.',
        tags,
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: CheckoutStatusSchema, ...errors },
      },
    },
    async (request) => checkoutStatus(deps, caller(request).user.id, request.params.id),
  );

  app.get(
    '/billing/portal',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Open the billing portal',
        description: limited,
        tags,
        response: { 200: UrlResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireBillingBudget(deps, caller(request).user.id, 'portal');
      return openPortal(deps, caller(request).user.id);
    },
  );

  app.get(
    '/billing/invoices',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Your invoices, newest first',
        description: limited,
        tags,
        response: { 200: InvoicesResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireBillingBudget(deps, caller(request).user.id, 'invoices');
      return listInvoices(deps, caller(request).user.id);
    },
  );

  app.get(
    '/billing/subscription',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Your subscription as last read from Stripe',
        tags,
        response: { 200: SubscriptionSummarySchema, ...errors },
      },
    },
    async (request) => subscriptionSummary(deps, caller(request).user.id),
  );

  // Stripe signs the exact bytes: this route alone (its own plugin scope) reads the body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(
      '/billing/webhook',
      {
        schema: {
          summary: 'Stripe webhook endpoint',
          description:
            'Verifies `Stripe-Signature`; 400 for a bad signature or stale timestamp. Each event applies once.',
          tags,
          hide: false,
        },
      },
      async (request) => {
        try {
          const answer = await handleWebhook(
            deps,
            request.body as Buffer,
            request.headers['stripe-signature'] as string | undefined,
          );
          metrics?.webhookEvents.inc({ outcome: answer.duplicate ? 'duplicate' : 'processed' });
          return answer;
        } catch (error) {
          metrics?.webhookEvents.inc({ outcome: isAppError(error, 'WEBHOOK_INVALID') ? 'invalid' : 'failed' });
          throw error;
        }
      },
    );
  });
};
