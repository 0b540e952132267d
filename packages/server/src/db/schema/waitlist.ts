import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** People who asked to hear when the API launches (spec 001 §7 `POST /api/subscribe`), mailed once it is open. */
export const waitlist = pgTable(
  'waitlist',
  {
    id: serial('id').primaryKey(),
    /** Trimmed and lower-cased; one row per address. */
    email: text('email').notNull(),
    /** The language of the page it was left on: the opening mail's. */
    language: text('language', { enum: ['en', 'tr'] })
      .notNull()
      .default('en'),
    /** When "the API is open" was mailed to it (decision 144); each address is mailed once. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waitlist_email_uq').on(t.email)],
);
