import { DetailErrorSchema, LeadRequestSchema, LeadResponseSchema, MyOrdersResponseSchema } from '@hound/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { caller } from '../auth/guard.ts';
import { createLead } from './create-lead.ts';
import { listMyOrders } from './list-my-orders.ts';

const tags = ['email-plus'];
const errors = { 400: DetailErrorSchema, 401: DetailErrorSchema, 403: DetailErrorSchema };

export const emailPlusRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/email/plus/lead',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'Save the target of an Email Plus report',
        description:
          'Needs a session; `x-user-email` must be your own address. `purpose` (10–500 characters) and `accept_terms: true` are required. Pay with `POST /billing/checkout` and `meta.lead_id`.',
        tags,
        headers: z.object({ 'x-user-email': z.string().max(1000).optional() }),
        body: LeadRequestSchema,
        response: { 200: LeadResponseSchema, ...errors, 422: DetailErrorSchema },
      },
    },
    async (request) =>
      createLead(db, caller(request).user, {
        headerEmail: request.headers['x-user-email'],
        email: request.body.email,
        purpose: request.body.purpose,
        acceptTerms: request.body.accept_terms,
      }),
  );

  app.get(
    '/me/email-plus/orders',
    {
      schema: {
        summary: 'Your Email Plus orders and their status',
        tags,
        response: { 200: MyOrdersResponseSchema, ...errors },
      },
    },
    async (request) => listMyOrders(db, caller(request).user.id),
  );
};
