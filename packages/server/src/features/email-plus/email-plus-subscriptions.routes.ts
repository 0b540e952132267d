import {
  ChangeTargetRequestSchema,
  EmailPlusSubscriptionSchema,
  EmailPlusSubscriptionsResponseSchema,
  MyOrderReportSchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../auth/guard.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { requireBillingBudget } from '../billing/billing-limits.ts';
import { BILLING_ROUTE_ERRORS } from '../billing/route-errors.ts';
import { cancelSubscription, changeTarget, listMySubscriptions, myOrderReport } from './my-subscriptions.ts';

const tags = ['email-plus'];
const errors = { ...BILLING_ROUTE_ERRORS, 422: BILLING_ROUTE_ERRORS[400] };
const id = z.object({ id: z.string().min(1).max(200) });

/** The customer's Email Plus subscriptions and delivered reports (decision 108). */
export const emailPlusSubscriptionRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.get(
    '/me/email-plus/subscriptions',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Your Email Plus subscriptions',
        description: 'Each paid month opens an order on `target_email`; `period_end` is the next renewal.',
        tags,
        response: { 200: EmailPlusSubscriptionsResponseSchema, ...errors },
      },
    },
    async (request) => listMySubscriptions(deps, caller(request).user.id),
  );

  app.patch(
    '/me/email-plus/subscriptions/:id',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Change the address the next Email Plus period searches',
        description: 'Orders already opened keep their address. 409 once the subscription ends or is cancelled.',
        tags,
        params: id,
        body: ChangeTargetRequestSchema,
        response: { 200: EmailPlusSubscriptionSchema, ...errors },
      },
    },
    async (request) => changeTarget(deps, caller(request).user.id, request.params.id, request.body.email),
  );

  app.post(
    '/me/email-plus/subscriptions/:id/cancel',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Stop renewing an Email Plus subscription',
        description:
          'It ends when the paid period ends (no new order after that; the current one is still delivered). Per user, at most a few calls a minute.',
        tags,
        params: id,
        response: { 200: EmailPlusSubscriptionSchema, ...errors },
      },
    },
    async (request) => {
      await requireBillingBudget(deps, caller(request).user.id, 'portal');
      return cancelSubscription(deps, caller(request).user.id, request.params.id);
    },
  );

  app.get(
    '/me/email-plus/orders/:id',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'A delivered Email Plus report',
        description: '409 while the order is not delivered; 404 for an order that is not yours.',
        tags,
        params: id,
        response: { 200: MyOrderReportSchema, ...errors },
      },
    },
    async (request) => myOrderReport(deps, caller(request).user.id, request.params.id),
  );
};
