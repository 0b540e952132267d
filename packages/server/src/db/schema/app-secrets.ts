import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the installation generates for itself on first start (the one-time-code HMAC key when
 * AUTH_SECRET is not set), shared by every process on the same database.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
