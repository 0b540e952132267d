import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Messages kept for the development mailbox (`/dev/mailbox`) when no SMTP server is configured. In the
 * database rather than in memory so a message sent by any process shows up.
 */
export const devMail = pgTable('dev_mail', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
