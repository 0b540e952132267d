/**
 * `/dev/mailbox`: the messages the server would have mailed, for development without SMTP. Registered only
 * when the mail mode is the development mailbox (`chooseMailMode`: a local server, or DEV_MAILBOX=true).
 */
import { DevMailboxResponseSchema } from '@hound/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { devMail } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml } from '../../mail/templates/layout.ts';

const LIST_LIMIT = 100;

export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const recent = () => db.select().from(devMail).orderBy(desc(devMail.id)).limit(LIST_LIMIT);

  app.get('/dev/mailbox.json', { schema: { hide: true, response: { 200: DevMailboxResponseSchema } } }, async () => ({
    items: (await recent()).map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      created_at: m.createdAt.toISOString(),
    })),
  }));

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await recent();
    const rows = mails
      .map(
        (m) =>
          `<li><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a> — to ${escapeHtml(m.to)} <small>${m.createdAt.toISOString()}</small><pre>${escapeHtml(m.text)}</pre></li>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Development mailbox</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;overflow-wrap:anywhere}ul{padding-left:1.25rem}li{margin:0 0 1.5rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f1f5f9;padding:.75rem;border-radius:8px}</style></head><body><h1>Development mailbox</h1><p>Mail this server would have sent (no SMTP_URL is set). Newest first; only on local servers (or with DEV_MAILBOX=true).</p><ul>${rows || '<li>No mail yet.</li>'}</ul></body></html>`,
      );
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().min(1) }) } },
    async (request, reply) => {
      const [mail] = await db.select().from(devMail).where(eq(devMail.id, request.params.id));
      if (!mail) throw new AppError('NOT_FOUND', 'No such message.');
      return reply.type('text/html; charset=utf-8').send(mail.html);
    },
  );
};
