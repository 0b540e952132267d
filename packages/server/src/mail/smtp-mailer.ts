import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Sends through the SMTP server of `SMTP_URL` (`smtp://` with STARTTLS when offered, or `smtps://`). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
