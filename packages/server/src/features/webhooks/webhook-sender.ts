/**
 * The webhook delivery outbox's sender (decision 142), built like the mail outbox (decision 099): every
 * process claims due deliveries with one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` that
 * also pushes `next_attempt_at` past the longest attempt (the lease), sends them, and records the outcome.
 * A failed attempt is retried 30 s, 5 min, 30 min, 2 h and 8 h later, and once more 24 h after the event
 * (the whole schedule scales with `WEBHOOK_RETRY_SECONDS`); then the delivery is `failed` and its endpoint
 * disabled (`failing`). A 410 disables the endpoint at once. No transaction is open while a request runs.
 */
import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Database } from '../../db/client.ts';
import { users, type WebhookDeliveryRow, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { withDeadline } from '../../lib/with-deadline.ts';
import type { MailOutbox } from '../../mail/mail-outbox.ts';
import { webhookDisabledMail } from '../../mail/templates/api-mails.ts';
import type { SecretBox } from './secret-box.ts';
import { ATTEMPT_TIMEOUT_MS, type AttemptOutcome, sendAttempt } from './send-attempt.ts';

export interface WebhookSender {
  /** The dispatcher deliveries and test events go through (public addresses only). */
  readonly dispatcher: Dispatcher;
  /** Seals and opens the endpoints' signing secrets. */
  readonly box: SecretBox;
  readonly userAgent: string;
  /** Sends whatever is due now (after a commit that enqueued events, or a redelivery). */
  flush(): void;
  /** Starts polling (once the database is migrated). */
  start(): void;
  /** Sends everything due now and resolves when those attempts are recorded (tests, shutdown-free use). */
  drainNow(): Promise<void>;
  close(): Promise<void>;
}

export interface WebhookSenderOptions {
  db: Database;
  log: FastifyBaseLogger;
  box: SecretBox;
  dispatcher: Dispatcher;
  /** First retry delay; the later ones and the 24 h window scale with it (30 s → 24 h). */
  retryMs: number;
  userAgent: string;
  /** The sender's clock (tests move it past the retry window). */
  now?: () => Date;
  /** Tells an endpoint's owner by mail when it is turned off (written with the change, sent after commit). */
  notify?: { mailer: MailOutbox; brand: string; publicUrl: string };
}

/** Retry delays after the 1st … 5th failed attempt, in units of `retryMs` (30 s, 5 min, 30 min, 2 h, 8 h). */
const RETRY_STEPS = [1, 10, 60, 240, 960];
/** The retry window in units of `retryMs`: 24 h at the default 30 s. One last attempt is made at its end. */
const WINDOW_STEPS = 2880;
const LEASE_MS = 6 * ATTEMPT_TIMEOUT_MS;
/** Other processes' events and ended leases are picked up this often (a local commit wakes it at once). */
const POLL_MS = 1000;
const BATCH = 10;
const CLOSE_WAIT_MS = 3000;

/** When the next attempt is due after `attempts` failed ones, or null when the window is over. */
export function nextAttemptAt(attempts: number, now: Date, retryFrom: Date, retryMs: number): Date | null {
  const end = retryFrom.getTime() + WINDOW_STEPS * retryMs;
  if (now.getTime() >= end) return null;
  const step = RETRY_STEPS[attempts - 1];
  return new Date(step === undefined ? end : Math.min(now.getTime() + step * retryMs, end));
}

/** Senders of this process, woken when a local transaction enqueued events (`wakeWebhookSenders`). */
const localSenders = new Set<() => void>();

/** Call after committing a transaction that enqueued webhook events; other processes poll within a second. */
export function wakeWebhookSenders(): void {
  for (const wake of localSenders) wake();
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db, log, box, dispatcher } = options;
  const now = options.now ?? (() => new Date());
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function claim(): Promise<WebhookDeliveryRow[]> {
    const at = now();
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at)))
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(at.getTime() + LEASE_MS),
      })
      .where(inArray(webhookDeliveries.id, due))
      .returning();
  }

  async function deliver(row: WebhookDeliveryRow): Promise<void> {
    const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.endpointId));
    if (endpoint?.status !== 'active') {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: 'endpoint_disabled', nextAttemptAt: now() })
        .where(eq(webhookDeliveries.id, row.id));
      return;
    }
    const secret = await box.open(endpoint.secretSealed);
    const outcome = await sendAttempt(
      dispatcher,
      { url: endpoint.url, secret },
      { id: row.id, body: row.body },
      now(),
      options.userAgent,
    );
    await settle(row, outcome);
  }

  async function settle(row: WebhookDeliveryRow, outcome: AttemptOutcome): Promise<void> {
    const at = now();
    if (outcome.ok) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: at, lastHttpStatus: outcome.httpStatus, lastError: null })
        .where(eq(webhookDeliveries.id, row.id));
      return;
    }
    const gone = outcome.httpStatus === 410;
    const next = gone ? null : nextAttemptAt(row.attempts, at, row.retryFrom, options.retryMs);
    await db
      .update(webhookDeliveries)
      .set({
        status: next ? 'pending' : 'failed',
        nextAttemptAt: next ?? at,
        lastHttpStatus: outcome.httpStatus,
        lastError: outcome.error,
      })
      .where(eq(webhookDeliveries.id, row.id));
    if (next) {
      log.warn({ deliveryId: row.id, attempt: row.attempts, code: outcome.error }, 'webhook not delivered, will retry');
      return;
    }
    // Gone for good, or failing for the whole window: the endpoint is flagged and gets nothing more; its owner
    // is told once, by the transaction that turned it off (a second failing delivery finds it off already).
    const reason = gone ? 'gone' : 'failing';
    const { notify } = options;
    const told = await db.transaction(async (tx) => {
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({ status: 'disabled', disabledReason: reason })
        .where(and(eq(webhookEndpoints.id, row.endpointId), eq(webhookEndpoints.status, 'active')))
        .returning({ userId: webhookEndpoints.userId, url: webhookEndpoints.url });
      if (!endpoint || !notify) return false;
      const [owner] = await tx
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, endpoint.userId));
      if (!owner) return false;
      const context = { brand: notify.brand, publicUrl: notify.publicUrl, language: owner.language };
      await notify.mailer.enqueue(tx, webhookDisabledMail(owner.email, context, { url: endpoint.url, reason }));
      return true;
    });
    if (told) notify?.mailer.flush();
    log.warn({ endpointId: row.endpointId, deliveryId: row.id, code: outcome.error }, 'webhook endpoint disabled');
  }

  async function drainOnce(): Promise<void> {
    do {
      again = false;
      for (let rows = await claim(); rows.length > 0 && !closed; rows = await claim()) {
        await Promise.all(rows.map((row) => deliver(row)));
      }
    } while (again && !closed);
  }

  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drainOnce()
      .catch((error: unknown) => log.error({ err: error }, 'webhook sender: a pass failed, retrying later'))
      .finally(() => {
        draining = undefined;
      });
    inFlight.add(draining);
    const current = draining;
    void current.finally(() => inFlight.delete(current));
    return current;
  }

  async function poll(): Promise<void> {
    timer = undefined;
    if (closed) return;
    try {
      const [next] = await db
        .select({ at: min(webhookDeliveries.nextAttemptAt) })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, 'pending'));
      if (next?.at && next.at.getTime() <= now().getTime()) await drain();
    } catch (error) {
      log.warn({ err: error }, 'webhook sender: poll failed');
    }
    if (!closed) {
      timer = setTimeout(poll, POLL_MS);
      timer.unref();
    }
  }

  const wake = () => void drain();

  return {
    dispatcher,
    box,
    userAgent: options.userAgent,
    flush: wake,
    start() {
      if (closed || timer) return;
      localSenders.add(wake);
      timer = setTimeout(poll, 0);
      timer.unref();
    },
    async drainNow() {
      await drain();
      // A pass that was already running may have missed rows committed meanwhile: one more.
      await drain();
    },
    async close() {
      closed = true;
      localSenders.delete(wake);
      clearTimeout(timer);
      // Attempts are bounded; one cut short here is retried by any process once its lease ends.
      await withDeadline(Promise.allSettled([...inFlight]), CLOSE_WAIT_MS).catch(() => {});
      await dispatcher.destroy();
    },
  };
}
