import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const OUTBOX_STATUSES = ['pending', 'failed'] as const;

/**
 * Mail waiting to go out (decision 099). Written in the same transaction as the change it reports, sent
 * after commit by the outbox sender; a sent message is deleted, one that failed every attempt stays
 * `failed` (with its content wiped) so an operator can see it. `next_attempt_at` doubles as the sender's
 * lease: a claimed row is pushed past the longest send, so a crashed sender's mail is retried later.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    summary: text('summary').notNull(),
    /** Extra headers (a watch mail's one-click `List-Unsubscribe`), as JSON. */
    headers: text('headers'),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure's error code (never the message, which may quote an address). */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
