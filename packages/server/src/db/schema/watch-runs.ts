import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonText } from './json-text.ts';
import { searches } from './searches.ts';
import { watches } from './watches.ts';

// Its own module: a run points at searches and searches point at watches, so watches.ts stays free of searches.
export const WATCH_RUN_KINDS = ['scheduled', 'manual', 'confirm'] as const;
export type WatchRunKind = (typeof WATCH_RUN_KINDS)[number];

/** One run of a watch. Its searches go with retention; the run keeps its counts. */
export const watchRuns = pgTable(
  'watch_runs',
  {
    id: text('id').primaryKey(),
    watchId: text('watch_id')
      .notNull()
      .references(() => watches.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WATCH_RUN_KINDS }).notNull().$type<WatchRunKind>(),
    /** Username watches: the target's search. */
    searchId: text('search_id').references((): AnyPgColumn => searches.id, { onDelete: 'set null' }),
    /** Confirmation runs: the never-registered name's search on the same sites. */
    controlSearchId: text('control_search_id').references((): AnyPgColumn => searches.id, { onDelete: 'set null' }),
    /** Confirmation runs: the sites (or email checks) confirmed. */
    sites: jsonText<string[]>('sites'),
    /** Email runs run in the process that claimed them; a lease that runs out means that process is gone. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** null while open; false: it did not cover its sites and moved nothing. */
    complete: boolean('complete'),
    found: integer('found').notNull().default(0),
    notFound: integer('not_found').notNull().default(0),
    unknown: integer('unknown').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    events: integer('events').notNull().default(0),
  },
  (t) => [index('watch_runs_watch_idx').on(t.watchId, t.createdAt), index('watch_runs_open_idx').on(t.finishedAt)],
);

export type WatchRunRow = typeof watchRuns.$inferSelect;
