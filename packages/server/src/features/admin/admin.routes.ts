import {
  AdminUsersQuerySchema,
  AdminUsersSummarySchema,
  AuditQuerySchema,
  AuditResponseSchema,
  CreditChangeRequestSchema,
  CreditChangeResponseSchema,
  DetailErrorSchema,
  UpdateAdminRequestSchema,
  UpdateAdminResponseSchema,
  UpdatePlanRequestSchema,
  UpdatePlanResponseSchema,
} from '@hound/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { caller } from '../auth/guard.ts';
import { changeCredits } from './change-credits.ts';
import { listAudit } from './list-audit.ts';
import { listUsersSummary } from './list-users-summary.ts';
import type { AdminActor } from './record-audit.ts';
import { updateAdmin } from './update-admin.ts';
import { type PlanAllowance, updatePlan } from './update-plan.ts';

const tags = ['admin'];
const errors = { 400: DetailErrorSchema, 401: DetailErrorSchema, 403: DetailErrorSchema, 404: DetailErrorSchema };

export function actorOf(request: FastifyRequest): AdminActor {
  return { user: caller(request).user, ip: request.ip };
}

/** User administration. Every route is under /admin, so the guard requires an admin session for each. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Database; allowance: PlanAllowance }> = async (
  app,
  { db, allowance },
) => {
  app.get(
    '/admin/users/summary',
    {
      schema: {
        summary: 'Overview counts and one page of users',
        description:
          '`q` matches address, first or last name (case-insensitive substring); `plan` filters; `limit` 1–200 (default 50) and `skip` page. Newest users first. `overview` counts every user.',
        tags,
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUsersSummarySchema, ...errors },
      },
    },
    async (request) => listUsersSummary(db, request.query),
  );

  app.post(
    '/admin/users/update-plan',
    {
      schema: {
        summary: "Set a user's plan by hand",
        description:
          "Trial or premium grants that plan's credits once (TRIAL_CREDITS, PLAN_MONTHLY_CREDITS; no renewal, nothing charged). 409 `ADMIN_PLAN_FROM_STRIPE` while the user has a running Stripe subscription: their plan follows it.",
        tags,
        body: UpdatePlanRequestSchema,
        response: { 200: UpdatePlanResponseSchema, ...errors, 409: DetailErrorSchema },
      },
    },
    async (request) => updatePlan(db, actorOf(request), request.body, allowance),
  );

  app.post(
    '/admin/users/update-admin',
    {
      schema: {
        summary: 'Grant or remove admin rights',
        description: 'The last admin cannot remove their own rights (400).',
        tags,
        body: UpdateAdminRequestSchema,
        response: { 200: UpdateAdminResponseSchema, ...errors },
      },
    },
    async (request) => updateAdmin(db, actorOf(request), { email: request.body.email, isAdmin: request.body.is_admin }),
  );

  for (const direction of ['grant', 'deduct'] as const) {
    app.post(
      `/admin/${direction}-credits`,
      {
        schema: {
          summary: direction === 'grant' ? 'Add credits to a user' : 'Take credits from a user',
          description:
            '`credits`: a whole number from 1 to 1000. `reason` defaults to "Added by admin" / "Deducted by admin". A deduction beyond the balance is refused (400) and names the available count. Send an `Idempotency-Key` header to make a retried request count once.',
          tags,
          body: CreditChangeRequestSchema,
          headers: z.object({ 'idempotency-key': z.string().min(8).max(100).optional() }),
          response: { 200: CreditChangeResponseSchema, ...errors },
        },
      },
      async (request) =>
        changeCredits(db, actorOf(request), direction, {
          email: request.body.email,
          credits: request.body.credits,
          reason: request.body.reason,
          requestKey: request.headers['idempotency-key'],
        }),
    );
  }

  app.get(
    '/admin/audit',
    {
      schema: {
        summary: 'The audit trail of admin actions, newest first',
        tags,
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema, ...errors },
      },
    },
    async (request) => listAudit(db, request.query),
  );
};
