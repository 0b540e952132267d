import {
  pageQuery,
  SubscribeRequestSchema,
  SubscribeResponseSchema,
  WaitlistNotifyResponseSchema,
  WaitlistResponseSchema,
} from '@hound/contracts';
import { count, desc, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { waitlist } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { csvCell } from '../../lib/csv.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { actorOf } from '../admin/admin.routes.ts';
import { notifyWaitlist } from './notify-waitlist.ts';
import { type SubscribeDeps, subscribe } from './subscribe.ts';

export const waitlistRoutes: FastifyPluginAsyncZod<{
  deps: SubscribeDeps & { mailer: MailOutbox; brand: string; publicUrl: string };
}> = async (app, { deps }) => {
  const db: Database = deps.db;

  app.post(
    '/api/subscribe',
    {
      schema: {
        summary: 'Join the API waitlist',
        description:
          'Always `{status, message}`: `success` (also for an address already on the list), or `error` with the reason. 429 when one IP sends too many.',
        tags: ['waitlist'],
        body: SubscribeRequestSchema,
        response: { 200: SubscribeResponseSchema, 429: SubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        return await subscribe(deps, {
          email: request.body.email,
          ip: request.ip,
          language: /^tr\b/i.test(request.headers['accept-language'] ?? '') ? 'tr' : 'en',
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.httpStatus !== 429) throw error;
        return reply.code(429).headers(error.headers).send({ status: 'error', message: error.message });
      }
    },
  );

  app.get(
    '/admin/waitlist',
    {
      schema: {
        summary: 'The API waitlist, newest first',
        tags: ['waitlist'],
        querystring: z.object(pageQuery({ max: 1000, default: 100 })),
        response: { 200: WaitlistResponseSchema },
      },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(waitlist)
        .orderBy(desc(waitlist.id))
        .limit(request.query.limit)
        .offset(request.query.skip);
      const [total] = await db.select({ n: count() }).from(waitlist);
      const [waiting] = await db.select({ n: count() }).from(waitlist).where(isNull(waitlist.notifiedAt));
      return {
        total: total?.n ?? 0,
        waiting: waiting?.n ?? 0,
        items: rows.map((r) => ({
          email: r.email,
          created_at: r.createdAt.toISOString(),
          notified_at: r.notifiedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    '/admin/waitlist/notify',
    {
      schema: {
        summary: 'Mail "the API is open" to every waitlisted address not mailed yet (through the mail outbox)',
        description:
          'Each address is mailed once, in the language of the page it was left on; the audit log records it.',
        tags: ['waitlist'],
        response: { 200: WaitlistNotifyResponseSchema },
      },
    },
    async (request) => notifyWaitlist(deps, actorOf(request)),
  );

  app.get(
    '/admin/waitlist.csv',
    { schema: { summary: 'The whole API waitlist as CSV', tags: ['waitlist'] } },
    async (_request, reply) => {
      const rows = await db.select().from(waitlist).orderBy(desc(waitlist.id));
      const lines = ['email,created_at', ...rows.map((r) => `${csvCell(r.email)},${r.createdAt.toISOString()}`)];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="waitlist.csv"')
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    },
  );
};
