import {
  AdminOrderDetailSchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  RefuseOrderRequestSchema,
  ReportPreviewSchema,
  ReportSchema,
} from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../admin/admin.routes.ts';
import { BILLING_ROUTE_ERRORS } from '../billing/route-errors.ts';
import { getOrderDetail, listOrders } from './admin-orders.ts';
import { deliverOrder, previewReport } from './deliver-order.ts';
import type { EmailPlusDeps } from './email-plus-deps.ts';
import { refuseOrder } from './refuse-order.ts';
import { runOrderSearch } from './run-order-search.ts';
import { saveReport } from './save-report.ts';

const tags = ['admin', 'email-plus'];
const errors = BILLING_ROUTE_ERRORS;
const params = z.object({ id: z.string().min(1).max(100) });

/** Email Plus fulfilment. Under /admin, so the guard requires an admin session for each route. */
export const adminEmailPlusRoutes: FastifyPluginAsyncZod<{ deps: EmailPlusDeps }> = async (app, { deps }) => {
  const { db } = deps.billing;
  const now = () => deps.billing.now();

  app.get(
    '/admin/email-plus/orders',
    {
      schema: {
        summary: 'The Email Plus order queue',
        description:
          '`status`: `open` (paid, in progress or held by a dispute, soonest due first; default), one status, or `all`. `refunded`: the payment was refunded at Stripe; `disputed`: a dispute is open (delivery held, `dispute_status`) or was lost.',
        tags,
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrdersResponseSchema, ...errors },
      },
    },
    async (request) => listOrders(db, request.query, now()),
  );

  app.get(
    '/admin/email-plus/orders/:id',
    {
      schema: {
        summary: 'One order with its report draft and automated search',
        tags,
        params,
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    async (request) => getOrderDetail(db, request.params.id, now()),
  );

  app.post(
    '/admin/email-plus/orders/:id/search',
    {
      schema: {
        summary: "Run the automated email search on the order's target",
        tags,
        params,
        response: { 200: z.object({ search_id: z.string() }), ...errors },
      },
    },
    async (request) => runOrderSearch(deps, actorOf(request), request.params.id),
  );

  app.put(
    '/admin/email-plus/orders/:id/report',
    {
      schema: {
        summary: 'Save the report draft (moves a paid order to in progress)',
        tags,
        params,
        body: ReportSchema,
        response: { 200: z.object({ status: z.literal('in_progress') }), ...errors },
      },
    },
    async (request) => saveReport(db, actorOf(request), request.params.id, request.body, now()),
  );

  app.get(
    '/admin/email-plus/orders/:id/preview',
    {
      schema: {
        summary: 'The report mail as it will be sent',
        tags,
        params,
        response: { 200: ReportPreviewSchema, ...errors },
      },
    },
    async (request) => previewReport(deps.billing, request.params.id),
  );

  app.post(
    '/admin/email-plus/orders/:id/deliver',
    {
      schema: {
        summary: 'Mail the report to the customer and close the order',
        tags,
        params,
        response: { 200: z.object({ status: z.literal('delivered'), delivered_at: z.string() }), ...errors },
      },
    },
    async (request) => deliverOrder(deps.billing, actorOf(request), request.params.id),
  );

  app.post(
    '/admin/email-plus/orders/:id/refuse',
    {
      schema: {
        summary: 'Refuse the order: refund the payment and tell the customer why',
        tags,
        params,
        body: RefuseOrderRequestSchema,
        response: {
          200: z.object({ status: z.literal('refused'), refund_id: z.string().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => refuseOrder(deps.billing, actorOf(request), request.params.id, request.body.reason),
  );
};
