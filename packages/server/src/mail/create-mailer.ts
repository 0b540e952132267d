import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Config } from '../env.ts';
import { createDevMailboxMailer, createOffMailer } from './dev-mailbox-mailer.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) return createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  if (config.production) return createOffMailer(log);
  return createDevMailboxMailer({ db, log, publicUrl: config.publicUrl });
}
