/**
 * Watchlists (issue 39, decisions 139–141): a signed-in user's watch of a username or an address, its runs
 * and its events. The web app, the server and (later) the public API share these shapes.
 */
import { z } from 'zod';
import { pageQuery } from './paging.ts';
import { SearchScopeSchema } from './search.ts';

export const WATCH_KINDS = ['username', 'email'] as const;
export const WATCH_CADENCES = ['6h', 'daily', 'weekly'] as const;
export const WATCH_STATUSES = ['active', 'paused', 'suspended'] as const;
export const WATCH_EVENT_TYPES = [
  'baseline',
  'appeared',
  'disappeared',
  'unwatchable',
  'watchable_again',
  'newly_covered',
  'new_breach',
] as const;
export const WATCH_EVENT_STATUSES = ['new', 'seen', 'dismissed'] as const;

export type WatchKind = (typeof WATCH_KINDS)[number];
export type WatchCadence = (typeof WATCH_CADENCES)[number];
export type WatchStatus = (typeof WATCH_STATUSES)[number];
export type WatchEventStatus = (typeof WATCH_EVENT_STATUSES)[number];

/** Hours between runs of each cadence. */
export const CADENCE_HOURS: Record<WatchCadence, number> = { '6h': 6, daily: 24, weekly: 168 };

export const WATCH_LIMITS = { labelMax: 80, purposeMin: 10, purposeMax: 500 } as const;

export const WATCH_MESSAGES = {
  purposeRequired: `Say why you watch this (${WATCH_LIMITS.purposeMin}–${WATCH_LIMITS.purposeMax} characters).`,
  exists: 'You already watch this.',
  slots: 'Your plan has no free watch of this kind. Remove a watch or upgrade.',
  cadence: 'Your plan does not allow this cadence.',
  ownAddressOnly: 'On your plan you can only watch your own address.',
  runOpen: 'This watch is already running.',
  runTooSoon: 'A watch can be run by hand once an hour.',
  suspended: 'Your plan no longer covers this watch. Upgrade, or change its cadence, to resume it.',
  badLink: 'This link is not valid.',
} as const;

/** How a watch tells its owner: mail and/or webhooks (signed, to the owner's verified endpoints). */
export const WatchNotifySchema = z.object({
  mail: z.boolean(),
  webhook: z.boolean(),
});
export type WatchNotify = z.infer<typeof WatchNotifySchema>;

export const CreateWatchRequestSchema = z.object({
  kind: z.enum(WATCH_KINDS),
  /** A username (as for a search) or an address. */
  target: z.string().max(200),
  label: z.string().max(WATCH_LIMITS.labelMax).optional(),
  purpose: z.string().max(2000),
  cadence: z.enum(WATCH_CADENCES).optional(),
  /** Username watches: the sites, as for a search. Email watches: `nsfw` is ignored, `adult` below. */
  scope: SearchScopeSchema.optional(),
  /** Email watches: also the adult sites' checks. */
  adult: z.boolean().optional(),
  notify: WatchNotifySchema.partial().optional(),
});
export type CreateWatchRequest = z.infer<typeof CreateWatchRequestSchema>;

export const UpdateWatchRequestSchema = z
  .object({
    /** `paused` pauses, `active` resumes. */
    status: z.enum(['active', 'paused']).optional(),
    cadence: z.enum(WATCH_CADENCES).optional(),
    label: z.string().max(WATCH_LIMITS.labelMax).optional(),
    notify: WatchNotifySchema.partial().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'nothing to change' });
export type UpdateWatchRequest = z.infer<typeof UpdateWatchRequestSchema>;

export const WatchRunSchema = z.object({
  id: z.string(),
  kind: z.enum(['scheduled', 'manual', 'confirm']),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** null while it runs; false: it did not cover its sites and moved nothing. */
  complete: z.boolean().nullable(),
  counts: z.object({ found: z.number(), not_found: z.number(), unknown: z.number(), invalid: z.number() }),
  events: z.number(),
  /** The username search of this run, while retention keeps it (open it at /search/{id}). */
  search_id: z.string().nullable(),
});
export type WatchRun = z.infer<typeof WatchRunSchema>;

export const WatchSchema = z.object({
  id: z.string(),
  kind: z.enum(WATCH_KINDS),
  target: z.string(),
  label: z.string(),
  purpose: z.string(),
  cadence: z.enum(WATCH_CADENCES),
  status: z.enum(WATCH_STATUSES),
  scope: SearchScopeSchema.nullable(),
  adult: z.boolean(),
  notify: WatchNotifySchema,
  created_at: z.string(),
  /** The baseline's time; null until the first complete run. */
  baseline_at: z.string().nullable(),
  last_run: WatchRunSchema.nullable(),
  /** When the next scheduled run is due (null while paused or suspended). */
  next_run_at: z.string().nullable(),
  running: z.boolean(),
  /** Events not yet seen or dismissed. */
  new_events: z.number(),
  /** Sites present now (username watches) or checks registered (email watches). */
  present: z.number(),
  /** Email watches: breach names known for the address. */
  breaches: z.array(z.string()),
  /** When "run now" is possible again (null: now). */
  run_available_at: z.string().nullable(),
});
export type Watch = z.infer<typeof WatchSchema>;

export const WatchListSchema = z.object({
  items: z.array(WatchSchema),
  /** What the plan allows and what is used, per kind. */
  plan: z.object({
    username: z.object({ slots: z.number(), used: z.number(), cadences: z.array(z.enum(WATCH_CADENCES)) }),
    email: z.object({
      slots: z.number(),
      used: z.number(),
      cadences: z.array(z.enum(WATCH_CADENCES)),
      other_addresses: z.boolean(),
    }),
  }),
  webhooks_available: z.boolean(),
});
export type WatchList = z.infer<typeof WatchListSchema>;

export const WatchEventSchema = z.object({
  id: z.string(),
  watch_id: z.string(),
  run_id: z.string().nullable(),
  type: z.enum(WATCH_EVENT_TYPES),
  site: z.string().nullable(),
  site_name: z.string().nullable(),
  /** Evidence and facts: url, verdict, rule, status, control verdict, reason, since, breach names, counts. */
  detail: z.record(z.string(), z.unknown()),
  status: z.enum(WATCH_EVENT_STATUSES),
  created_at: z.string(),
});
export type WatchEvent = z.infer<typeof WatchEventSchema>;

export const WatchEventListSchema = z.object({ items: z.array(WatchEventSchema), total: z.number() });
export const WatchEventsQuerySchema = z.object(pageQuery({ max: 200, default: 50 }));

export const TriageWatchEventRequestSchema = z.object({ status: z.enum(WATCH_EVENT_STATUSES) });

/** The daily digest's hour (0–23) in the user's time zone (IANA name). */
export const WatchSettingsSchema = z.object({
  digest_hour: z.number().int().min(0).max(23),
  time_zone: z.string().min(1).max(64),
});
export type WatchSettings = z.infer<typeof WatchSettingsSchema>;

/** What a signed mail link asks: stop mailing about this watch, or pause it. */
export const WatchMailActionSchema = z.object({ action: z.enum(['unsubscribe', 'pause']), token: z.string().max(200) });
