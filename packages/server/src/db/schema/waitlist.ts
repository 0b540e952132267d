import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** People who asked to hear when the API launches (spec 001 §7 `POST /api/subscribe`). */
export const waitlist = pgTable(
  'waitlist',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased; one row per address. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waitlist_email_uq').on(t.email)],
);
