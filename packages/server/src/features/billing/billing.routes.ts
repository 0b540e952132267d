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
import { caller } from '../auth/guard.ts';
import type { BillingDeps } from './billing-deps.ts';
import { checkoutStatus } from './checkout-status.ts';
import { createCheckout } from './create-checkout.ts';
import { handleWebhook } from './handle-webhook.ts';
import { listInvoices, openPortal, subscriptionSummary } from './portal-and-invoices.ts';
import { readPrices } from './read-prices.ts';
import { BILLING_ROUTE_ERRORS } from './route-errors.ts';

const tags = ['billing'];
const errors = BILLING_ROUTE_ERRORS;

export const billingRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.get(
    '/billing/prices',
    {
      schema: {
        summary: 'Price ids and amounts of the plans',
        description: 'Ids are null and `payments_enabled` false when this server has no Stripe key.',
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
          '`price_id` must be one of /billing/prices and fit `mode` (monthly and trial: subscription; plus: payment, with `meta.lead_id` of your own lead). A trial user buying the monthly plan is upgraded at once. 503 when payments are off.',
        tags,
        body: CheckoutRequestSchema,
        response: { 200: UrlResponseSchema, ...errors },
      },
    },
    async (request) => createCheckout(deps, caller(request).user, request.body),
  );

  app.get(
    '/billing/checkout/:id',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Whether a checkout has been paid and applied',
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
      schema: { summary: 'Open the billing portal', tags, response: { 200: UrlResponseSchema, ...errors } },
    },
    async (request) => openPortal(deps, caller(request).user.id),
  );

  app.get(
    '/billing/invoices',
    {
      config: { auth: 'user' },
      schema: { summary: 'Your invoices, newest first', tags, response: { 200: InvoicesResponseSchema, ...errors } },
    },
    async (request) => listInvoices(deps, caller(request).user.id),
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
      async (request) =>
        handleWebhook(deps, request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
    );
  });
};
