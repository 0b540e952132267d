/**
 * Email search (spec 001 §2, §3, §7): the blocking call the spec's client makes, Hound's streaming variant,
 * My Searches' email logs, and the messages of §5 and §8.
 */
import { z } from 'zod';
import { PlanSchema } from './auth.ts';
import { isPlainEmailAddress } from './email-address.ts';
import { FOLLOW_LIMITS } from './leads.ts';
import { EvidenceSchema, VerdictSchema } from './search.ts';

export const EMAIL_SEARCH_MESSAGES = {
  empty: 'Please enter an email address',
  invalid: 'Invalid email. Max 70 chars, and characters $ / \\ " are not allowed.',
  /** Not an address at all (`not-an-email`): the spec's message above is about length and characters. */
  malformed: 'Enter a valid email address, like name@example.com.',
  notEnoughCredits: 'Not enough credits',
  unableToVerifyCredits: 'Unable to verify credits',
  failedToDecrement: 'Failed to decrement credits',
  unableToDecrement: 'Unable to decrement credits',
  searchFailed: 'Search failed',
  signIn: 'Please sign in to continue',
  notReady: 'Email checks are still loading. Please try again in a minute.',
  tooManyActive: 'You already have {count} email searches running. Start another when one has finished.',
} as const;

/** `null` when valid, else the spec's message for the email search box (spec 001 §5). */
export function emailSearchProblem(email: string): string | null {
  const value = email.trim();
  if (value === '') return EMAIL_SEARCH_MESSAGES.empty;
  if (value.length > 70 || /[$/\\"]/.test(value)) return EMAIL_SEARCH_MESSAGES.invalid;
  if (!isPlainEmailAddress(value)) return EMAIL_SEARCH_MESSAGES.malformed;
  return null;
}

export const EmailSearchRequestSchema = z.object({
  email: z.string().max(1000),
  /** Also ask adult sites (left out by default, like NSFW sites in a username search). */
  adult: z.boolean().optional(),
  /**
   * Follow leads (decision 116; `POST /api/email/searches` only): the address's local part and the usernames
   * its found answers return become username searches below it, `depth` steps (1 by default, at most 2).
   */
  recursive: z.boolean().optional(),
  depth: z.number().int().min(1).max(FOLLOW_LIMITS.maxDepth).optional(),
});

/** A site where the address has an account (spec 001 §3). */
export const EmailAccountSchema = z.object({
  siteName: z.string(),
  domain: z.string(),
  category: z.string().optional(),
  urls: z.array(z.string()),
});
export type EmailAccount = z.infer<typeof EmailAccountSchema>;

/** A raw record (spec 001 §3), e.g. `Hacked Email Address` with the breach. */
export const EmailRecordSchema = z.object({ type: z.string(), data: z.string() });
export type EmailRecord = z.infer<typeof EmailRecordSchema>;

/** One email check's result with Hound's verdict, reason and evidence. */
export const EmailCheckResultSchema = z.object({
  check_id: z.string(),
  name: z.string(),
  domain: z.string(),
  category: z.string(),
  url: z.string(),
  method: z.string(),
  verdict: VerdictSchema,
  /** As a username result's reason (`blocked_address` included: see PlatformResultSchema). */
  reason: z.string().optional(),
  evidence: EvidenceSchema,
  details: z.record(z.string(), z.string()).optional(),
  records: z.array(EmailRecordSchema).optional(),
  usernames: z.array(z.string()).optional(),
});
export type EmailCheckResult = z.infer<typeof EmailCheckResultSchema>;

export const EmailSearchStatusSchema = z.enum(['running', 'completed', 'error']);

/** What one search's results add up to (countEmailResults): `asked` sites, and `skipped` checks not run. */
export const EmailCountsSchema = z.object({
  asked: z.number().int(),
  found: z.number().int(),
  notFound: z.number().int(),
  unknown: z.number().int(),
  skipped: z.number().int(),
});

/**
 * An old record (decision 107): the search ended but fewer of its per-site results are stored than it
 * counted, so its accounts cannot be shown with their links and evidence.
 */
const OldRecordSchema = z.boolean();
export type EmailSearchStatus = z.infer<typeof EmailSearchStatusSchema>;

/** `POST /api/email/search`: the spec's blocking call. */
export const EmailSearchResponseSchema = z.object({
  search_id: z.string(),
  accounts: z.array(EmailAccountSchema),
  data: z.array(EmailRecordSchema),
});
export type EmailSearchResponse = z.infer<typeof EmailSearchResponseSchema>;

/** `POST /api/email/searches`: starts a search whose results stream at `/api/email/searches/{id}/events`. */
export const StartEmailSearchResponseSchema = z.object({ search_id: z.string() });

/** `GET /api/email/searches/{id}`: everything about one of my email searches. */
export const EmailSearchSnapshotSchema = z.object({
  search_id: z.string(),
  email: z.string(),
  status: EmailSearchStatusSchema,
  error: z.string().optional(),
  created_at: z.string(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  accounts: z.array(EmailAccountSchema),
  data: z.array(EmailRecordSchema),
  results: z.array(EmailCheckResultSchema),
  /** The address's local part and usernames found answers revealed, offered as username searches. */
  username_suggestions: z.array(z.string()),
  counts: EmailCountsSchema,
  old: OldRecordSchema,
});
export type EmailSearchSnapshot = z.infer<typeof EmailSearchSnapshotSchema>;

/** SSE `result` event (id = the result's sequence number). */
export const EmailSseResultSchema = z.object({
  result: EmailCheckResultSchema,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export const EmailSseDoneSchema = z.object({
  status: EmailSearchStatusSchema,
  error: z.string().optional(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});

/** `GET /me/email-logs?limit=1000&skip=0` (spec 001 §3 "Email log item"). */
export const EmailLogItemSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  email: z.string(),
  searchId: z.string(),
  status: EmailSearchStatusSchema,
  accounts: z.array(EmailAccountSchema),
  /** Hound's additions: the counts (asked, found, not registered, could not check) and whether it is an old record. */
  counts: EmailCountsSchema.optional(),
  old: OldRecordSchema.optional(),
  /** Search trees (decision 116): the username search whose profile stated this address (its lead), if any. */
  parent_search_id: z.string().nullable().optional(),
  /** How many steps of leads it follows (0: none). */
  follow_depth: z.number().int().min(0).max(2).optional(),
});
export const EmailLogsResponseSchema = z.object({ items: z.array(EmailLogItemSchema), total: z.number().int() });
export type EmailLogItem = z.infer<typeof EmailLogItemSchema>;

/** `GET /me/credits`. */
export const CreditsResponseSchema = z.object({ credits: z.number().int(), plan: PlanSchema });
export type CreditsResponse = z.infer<typeof CreditsResponseSchema>;

/** `GET /api/email/checks`: every email check, and whether searches run it (the self-test's verdict). */
export const EmailChecksResponseSchema = z.object({
  ready: z.boolean(),
  checks: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      domain: z.string(),
      category: z.string(),
      method: z.string(),
      /** May notify the address's owner: run only when the operator enables loud checks. */
      loud: z.boolean(),
      /** An adult site: asked only when a search sets `adult: true`. */
      adult: z.boolean().optional(),
      /** Setting holding the API key it needs. */
      needs: z.string().optional(),
      /** null until the self-test has checked it; unreliable checks are left out of searches. */
      reliable: z.boolean().nullable(),
      reason: z.string().optional(),
    }),
  ),
});
