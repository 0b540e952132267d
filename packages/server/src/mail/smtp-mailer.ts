import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Bounded waits for a relay (nodemailer's own defaults are 2 min to connect and 10 min of silence). A
 * query in SMTP_URL (`?greetingTimeout=5000`) overrides them. Mail leaves from the outbox's background
 * sender, so a slow relay delays mail, never a request.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends through the SMTP server of `SMTP_URL` (`smtp://` with STARTTLS when offered, or `smtps://`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport({ url: options.url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    async close() {
      transport.close();
    },
  };
}
