/**
 * The durable mail outbox (decision 099). Business changes that mail someone write the message in their
 * own transaction (`enqueue`) and wake the sender after commit (`flush`); requests that only mail
 * (sign-in codes) call `send`, which stores the message and hands it to the transport at once, so the
 * outbox is only the retry path. Nothing here runs inside a database transaction, and every send is
 * bounded, so a relay that never answers delays mail and nothing else.
 */

import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { withDeadline } from '../lib/with-deadline.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export interface MailOutbox extends Mailer {
  /** Stores `message` with the caller's transaction (or database); it goes out after commit and `flush()`. */
  enqueue(tx: Pick<Database, 'insert'>, message: MailMessage): Promise<void>;
  /** Sends whatever is due now; call it after the commit of a transaction that enqueued mail. */
  flush(): void;
  /** Starts the background sender (once the database is migrated): due mail now, then every 30 s. */
  start(): void;
}

export interface OutboxOptions {
  db: Database;
  /** Where mail really goes: SMTP, the development mailbox or off. */
  transport: Mailer;
  log: FastifyBaseLogger;
  /** First retry after this long; each later one waits twice as long, at most `MAX_RETRY_MS`. */
  retryMs: number;
  /** After this many failed attempts the message is kept as `failed`. */
  maxAttempts: number;
  metrics?: Metrics;
}

/** Longest a single hand-over may take (the SMTP transport's own timeouts end it sooner). */
export const SEND_TIMEOUT_MS = 60_000;
/** Shutdown waits this long for sends in flight; what is left goes out after the next start. */
const CLOSE_WAIT_MS = 3000;
/** A claimed message is not claimed again before this (a sender that died mid-send is retried after it). */
const LEASE_MS = 2 * SEND_TIMEOUT_MS;
const MAX_RETRY_MS = 3600_000;
/** Picks up mail enqueued by other processes and leases that ran out. */
const POLL_MS = 30_000;
const BATCH = 10;

type Row = typeof mailOutbox.$inferSelect;

export function createMailOutbox(options: OutboxOptions): MailOutbox {
  const { db, transport, log } = options;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let timerAt = 0;
  let draining = false;
  let again = false;
  let closed = false;

  function track(promise: Promise<void>) {
    const settled = promise.catch((error: unknown) => {
      log.error({ code: errorCode(error) }, 'mail outbox: could not record a send, retrying later');
    });
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  }

  /** Hands the message to the transport, bounded; answers the failure, or null once it is handed over. */
  function handOver(message: MailMessage): Promise<unknown> {
    return withDeadline(transport.send(message), SEND_TIMEOUT_MS).then(
      () => null,
      (error: unknown) => error ?? new Error('send failed'),
    );
  }

  const deliver = (row: Row) => settle(row, handOver(messageOf(row)));

  /** Records the outcome of one attempt: sent (the row goes), retry later, or failed for good. */
  async function settle(row: Row, attempt: Promise<unknown>): Promise<void> {
    const failure = await attempt;
    if (failure === null) {
      options.metrics?.mailsSent.inc();
      await db.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
      return;
    }
    const code = errorCode(failure);
    options.metrics?.mailAttemptsFailed.inc();
    if (row.attempts >= options.maxAttempts) {
      options.metrics?.mailsFailed.inc();
      // Content wiped: a code or report that never arrived should not sit in the database.
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: code, text: '', html: '', summary: '', headers: null })
        .where(eq(mailOutbox.id, row.id));
      log.error({ outboxId: row.id, attempts: row.attempts, code }, 'mail failed every attempt (mail_outbox)');
      return;
    }
    const retryMs = Math.min(MAX_RETRY_MS, options.retryMs * 2 ** (row.attempts - 1));
    await db
      .update(mailOutbox)
      .set({ lastError: code, nextAttemptAt: new Date(Date.now() + retryMs) })
      .where(eq(mailOutbox.id, row.id));
    log.warn({ outboxId: row.id, attempt: row.attempts, code, retryInMs: retryMs }, 'mail not sent, will retry');
    wakeIn(retryMs);
  }

  /** Takes due messages for this process: one statement, so two senders never take the same row. */
  async function claim(): Promise<Row[]> {
    const now = new Date();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function drain(): Promise<void> {
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    try {
      do {
        again = false;
        for (let rows = await claim(); rows.length > 0 && !closed; rows = await claim()) {
          await Promise.all(rows.map((row) => deliver(row)));
        }
      } while (again && !closed);
      const [next] = await db
        .select({ at: min(mailOutbox.nextAttemptAt) })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      if (next?.at) wakeIn(next.at.getTime() - Date.now());
    } catch (error) {
      log.error({ code: errorCode(error) }, 'mail outbox: sending failed, retrying later');
    } finally {
      draining = false;
    }
  }

  function wakeIn(ms: number) {
    if (closed) return;
    const delay = Math.max(0, Math.min(ms, POLL_MS));
    const at = Date.now() + delay;
    if (timer && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(run, delay);
    timer.unref();
  }

  function run() {
    timer = undefined;
    if (closed) return;
    track(drain());
    wakeIn(POLL_MS);
  }

  return {
    kind: transport.kind,
    async enqueue(tx, message) {
      await tx.insert(mailOutbox).values(toRow(message));
    },
    flush() {
      if (!closed) track(drain());
    },
    start() {
      wakeIn(0);
    },
    async send(message) {
      // Handed over at once, while it is stored claimed (so the poller leaves it to this attempt); the
      // stored row is the retry path if this attempt fails.
      const attempt = handOver(message);
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...toRow(message), attempts: 1, nextAttemptAt: new Date(Date.now() + LEASE_MS) })
        .returning();
      track(settle(row!, attempt));
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      // Sends are bounded; whatever is still unsent stays in the outbox for the next start.
      await withDeadline(Promise.all([...inFlight]), CLOSE_WAIT_MS).catch(() => {});
      await transport.close();
    },
  };
}

function messageOf(row: Row): MailMessage {
  return {
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    summary: row.summary,
    ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
  };
}

function toRow(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    summary: message.summary,
    headers: message.headers ? JSON.stringify(message.headers) : null,
  };
}

/** A short, address-free reason for the log and `last_error` (nodemailer's codes: ETIMEDOUT, EENVELOPE …). */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[A-Z0-9_]{1,40}$/i.test(code)) return code;
  return error instanceof Error && /^[A-Za-z]{1,40}$/.test(error.name) ? error.name : 'ERROR';
}
