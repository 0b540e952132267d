import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Config } from '../env.ts';
import { createDevMailboxMailer, createOffMailer } from './dev-mailbox-mailer.ts';
import { chooseMailMode } from './mail-mode.ts';
import type { Mailer } from './mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** The mailer of `chooseMailMode`, with the mode said once in the start-up log. */
export function createMailer(config: Config, db: Database, log: FastifyBaseLogger): Mailer {
  const choice = chooseMailMode(config);
  if (choice.loud) log.warn({ mailMode: choice.mode }, choice.reason);
  else log.info({ mailMode: choice.mode }, choice.reason);
  if (choice.mode === 'smtp') return createSmtpMailer({ url: config.mail.smtpUrl!, from: config.mail.from });
  if (choice.mode === 'off') return createOffMailer(log);
  return createDevMailboxMailer({ db, log, publicUrl: config.publicUrl });
}
