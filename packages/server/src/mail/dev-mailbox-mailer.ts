import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { devMail } from '../db/schema/index.ts';
import { type Mailer, maskAddress } from './mailer.ts';

/**
 * Development without SMTP: every message is one clear log line (with its code, so a person on a fresh
 * machine can sign up from the terminal) and a row for the `/dev/mailbox` page. Only on local servers or with DEV_MAILBOX=true.
 */
export function createDevMailboxMailer(options: { db: Database; log: FastifyBaseLogger; publicUrl: string }): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await options.db.insert(devMail).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      options.log.info(
        `mail not sent (no SMTP_URL) to ${maskAddress(message.to)}: ${message.summary} — read it at ${options.publicUrl}/dev/mailbox`,
      );
    },
    async close() {},
  };
}

/** No SMTP on a server others can reach: nothing can be delivered; say so, without content or address. */
export function createOffMailer(log: FastifyBaseLogger): Mailer {
  return {
    kind: 'off',
    async send() {
      log.warn('mail not sent: SMTP_URL is not set (sign-in codes cannot reach anyone)');
    },
    async close() {},
  };
}
