import type { SearchScope, WatchCadence, WatchEventStatus, WatchKind, WatchStatus } from '@hound/contracts';
import { WATCH_CADENCES, WATCH_EVENT_STATUSES, WATCH_KINDS, WATCH_STATUSES } from '@hound/contracts';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { users } from './users.ts';

/**
 * A signed-in user's watch of a username or an address (issue 39, decision 139). Its state lives in the
 * tables below, not in searches, so it outlives search retention; all of it goes with the watch and with the
 * account (cascades).
 */
export const watches = pgTable(
  'watches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WATCH_KINDS }).notNull().$type<WatchKind>(),
    /** Normalised username or lower-cased address. */
    target: text('target').notNull(),
    label: text('label').notNull().default(''),
    purpose: text('purpose').notNull(),
    /** Username watches: the site selection, as a search's; null is the default selection. */
    scope: jsonText<SearchScope>('scope'),
    /** Email watches: also the adult sites' checks. */
    adult: boolean('adult').notNull().default(false),
    cadence: text('cadence', { enum: WATCH_CADENCES }).notNull().$type<WatchCadence>(),
    status: text('status', { enum: WATCH_STATUSES }).notNull().$type<WatchStatus>().default('active'),
    notifyMail: boolean('notify_mail').notNull().default(true),
    notifyWebhook: boolean('notify_webhook').notNull().default(false),
    /** The first complete run's time; null until then. */
    baselineAt: timestamp('baseline_at', { withTimezone: true }),
    /** When the scheduler runs it next (a fixed phase per watch, so runs spread over the period). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    /** When a candidate `appeared` is due its confirmation (target and a never-registered name). */
    confirmDueAt: timestamp('confirm_due_at', { withTimezone: true }),
    /** The run queued or running now: never more than one. */
    openRunId: text('open_run_id'),
    lastRunId: text('last_run_id'),
    lastManualRunAt: timestamp('last_manual_run_at', { withTimezone: true }),
    /** Email watches: breach names known for the address (names only, never breach data). */
    breaches: jsonText<string[]>('breaches'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watches_user_target_uq').on(t.userId, t.kind, t.target),
    index('watches_due_idx').on(t.status, t.nextRunAt),
    index('watches_confirm_idx').on(t.confirmDueAt),
  ],
);

/** The baseline: one row per site (or email check) of a watch. */
export const watchSiteState = pgTable(
  'watch_site_state',
  {
    watchId: text('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    site: text('site').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['present', 'absent', 'unseen'] }).notNull(),
    since: timestamp('since', { withTimezone: true, mode: 'string' }).notNull(),
    lastDecidedAt: timestamp('last_decided_at', { withTimezone: true, mode: 'string' }),
    pending: text('pending', { enum: ['present', 'absent'] }),
    pendingSince: timestamp('pending_since', { withTimezone: true, mode: 'string' }),
    pendingRuns: integer('pending_runs').notNull().default(0),
    undecidedRuns: integer('undecided_runs').notNull().default(0),
    unwatchable: boolean('unwatchable').notNull().default(false),
    lastReason: text('last_reason'),
    url: text('url'),
  },
  (t) => [primaryKey({ columns: [t.watchId, t.site] })],
);

/** What a watch noticed. `notified_at`: mailed at once, or taken into a digest. */
export const watchEvents = pgTable(
  'watch_events',
  {
    id: text('id').primaryKey(),
    watchId: text('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    runId: text('run_id'),
    type: text('type').notNull(),
    site: text('site'),
    siteName: text('site_name'),
    detail: jsonText<Record<string, unknown>>('detail').notNull(),
    status: text('status', { enum: WATCH_EVENT_STATUSES }).notNull().$type<WatchEventStatus>().default('new'),
    immediate: boolean('immediate').notNull().default(false),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('watch_events_watch_idx').on(t.watchId, t.createdAt),
    index('watch_events_digest_idx').on(t.notifiedAt),
  ],
);

/** A user's digest hour and time zone (one row once set; the defaults otherwise). */
export const watchSettings = pgTable('watch_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  digestHour: integer('digest_hour').notNull().default(8),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The local day (YYYY-MM-DD) of the last digest, so a day gets one. */
  lastDigestOn: text('last_digest_on'),
});

export type WatchRow = typeof watches.$inferSelect;
export type WatchSiteStateRow = typeof watchSiteState.$inferSelect;
export type WatchEventRow = typeof watchEvents.$inferSelect;
