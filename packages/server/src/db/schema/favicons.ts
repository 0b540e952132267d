import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Cached site icons. A row with no body records a failed fetch, so it is not retried until it expires. */
export const favicons = pgTable('favicons', {
  host: text('host').primaryKey(),
  contentType: text('content_type'),
  /** Base64 of the icon bytes (at most the configured cap). */
  body: text('body'),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export type FaviconRow = typeof favicons.$inferSelect;
