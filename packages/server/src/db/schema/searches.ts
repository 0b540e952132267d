import type { LeadReason, SearchScope } from '@hound/contracts';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { emailSearches } from './email-searches.ts';
import { jsonText } from './json-text.ts';
import { users } from './users.ts';
import { watches } from './watches.ts';

export const SEARCH_STATUSES = ['queued', 'running', 'completed', 'error', 'cancelled'] as const;
export const ACTIVE_STATUSES = ['queued', 'running'] as const;

/**
 * One username search. An anonymous search records no one; a signed-in user's search is linked to the
 * account (My Searches) and deleted with it. The device id is a hint kept only for limits.
 */
export const searches = pgTable(
  'searches',
  {
    /** Random 128-bit id, base64url. */
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    deviceId: text('device_id'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SEARCH_STATUSES }).notNull(),
    error: text('error'),
    /** Sites selected when the search started. */
    total: integer('total').notNull().default(0),
    /** The sites asked for (categories, named sites, NSFW); null: the default selection. */
    scope: jsonText<SearchScope>('scope'),
    /** Results stored so far; also the last result sequence number. */
    done: integer('done').notNull().default(0),
    found: integer('found').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /**
     * Recursive searches (issue 29, decision 111): a child search names the search whose profile led to it
     * and the tree's root; deleted with its parent (retention deletes the root).
     */
    parentId: text('parent_id').references((): AnyPgColumn => searches.id, { onDelete: 'cascade' }),
    /**
     * A username search an email search's pivot started (decision 116): the email search it came from. The
     * tree's root (`root_id`) is then that email search, or the username search above it.
     */
    parentEmailSearchId: text('parent_email_search_id').references(() => emailSearches.id, { onDelete: 'cascade' }),
    rootId: text('root_id'),
    /** 0 for a search someone started; 1–2 for one a lead started. */
    depth: integer('depth').notNull().default(0),
    /** Why a child search exists (the profile and fact that named it). */
    reason: jsonText<LeadReason>('reason'),
    /** How deep the tree follows leads (the root's choice, copied to its children); 0: not recursive. */
    followDepth: integer('follow_depth').notNull().default(0),
    /** `fetch`: one GET of a found profile's page after an API check, for facts; null: the page read only. */
    factsMode: text('facts_mode', { enum: ['fetch'] }),
    /**
     * A watch's run (issue 39): no user (it is not in My Searches), queued below people's searches, deleted
     * with the watch.
     */
    watchId: text('watch_id').references((): AnyPgColumn => watches.id, { onDelete: 'cascade' }),
    /** The API key that started it (decision 143); null for the web app and for leads. */
    apiKeyId: text('api_key_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('searches_created_at_idx').on(t.createdAt),
    index('searches_status_updated_idx').on(t.status, t.updatedAt),
    index('searches_user_created_idx').on(t.userId, t.createdAt),
    index('searches_root_idx').on(t.rootId),
    index('searches_parent_idx').on(t.parentId),
    index('searches_parent_email_idx').on(t.parentEmailSearchId),
    index('searches_watch_idx').on(t.watchId),
  ],
);

/**
 * An email address a profile in a recursive search states (issue 29). It is shown in the search tree as a
 * lead, not searched: an email search costs a credit, so the user starts it. Deleted with its search.
 */
export const searchEmailLeads = pgTable(
  'search_email_leads',
  {
    id: text('id').primaryKey(),
    searchId: text('search_id')
      .notNull()
      .references(() => searches.id, { onDelete: 'cascade' }),
    rootId: text('root_id').notNull(),
    email: text('email').notNull(),
    depth: integer('depth').notNull(),
    reason: jsonText<LeadReason>('reason').notNull(),
    /** The email search its owner started for it (one click, one credit; decision 116); null: not started. */
    emailSearchId: text('email_search_id').references(() => emailSearches.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_email_leads_root_idx').on(t.rootId), index('search_email_leads_search_idx').on(t.searchId)],
);

/** Why a username lead was kept but not searched: the limit its owner's account had reached (decision 116). */
export const HELD_REASONS = ['daily_limit', 'too_many_active', 'busy'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

/**
 * A username lead not started because a limit was reached (decision 116): kept, with which limit, so the
 * tree shows it and nothing is lost. Its parent is a username search or an email search; deleted with it.
 */
export const searchHeldLeads = pgTable(
  'search_held_leads',
  {
    id: text('id').primaryKey(),
    searchId: text('search_id').references(() => searches.id, { onDelete: 'cascade' }),
    emailSearchId: text('email_search_id').references(() => emailSearches.id, { onDelete: 'cascade' }),
    rootId: text('root_id').notNull(),
    username: text('username').notNull(),
    depth: integer('depth').notNull(),
    reason: jsonText<LeadReason>('reason').notNull(),
    held: text('held', { enum: HELD_REASONS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_held_leads_root_idx').on(t.rootId)],
);

export type SearchRow = typeof searches.$inferSelect;
