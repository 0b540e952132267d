import type { FastifyBaseLogger } from 'fastify';
import type { EngineHost } from '../../catalogues/engine-host.ts';
import type { Database } from '../../db/client.ts';
import type { WatchConfig } from '../../env.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { codeKeyLoader } from '../auth/code-key.ts';
import type { WebhookSender } from '../webhooks/webhook-sender.ts';

/** What the watch operations, runs and pass need. */
export interface WatchDeps {
  db: Database;
  queue: JobQueue;
  engines: EngineHost;
  mailer: MailOutbox;
  /** Watch events go to the owner's webhook endpoints through the delivery queue; woken after commit. */
  webhooks?: Pick<WebhookSender, 'flush'>;
  log: FastifyBaseLogger;
  /** The clock of schedules, runs and digests (tests move it). */
  now(): Date;
  config: WatchConfig;
  /** Signs the one-click links of watch mails (the installation's HMAC key). */
  key(): Promise<Buffer>;
  options: {
    brand: string;
    publicUrl: string;
    /** Email watches run the email checks as email searches do. */
    email: { loud: boolean; keys: Record<string, string | undefined> };
    checkTimeoutMs?: number;
  };
}

/** Builds the deps from a process's services and settings (the app and the background pass each build one). */
export function createWatchDeps(
  base: Pick<WatchDeps, 'db' | 'queue' | 'engines' | 'mailer' | 'log' | 'webhooks'> & { now?: () => Date },
  settings: {
    watches: WatchConfig;
    brand: string;
    publicUrl: string;
    email: WatchDeps['options']['email'];
    authSecret?: string;
    checkTimeoutMs?: number;
  },
): WatchDeps {
  return {
    db: base.db,
    queue: base.queue,
    engines: base.engines,
    mailer: base.mailer,
    ...(base.webhooks ? { webhooks: base.webhooks } : {}),
    log: base.log,
    now: base.now ?? (() => new Date()),
    config: settings.watches,
    key: codeKeyLoader(base.db, settings.authSecret),
    options: {
      brand: settings.brand,
      publicUrl: settings.publicUrl,
      email: settings.email,
      ...(settings.checkTimeoutMs ? { checkTimeoutMs: settings.checkTimeoutMs } : {}),
    },
  };
}
