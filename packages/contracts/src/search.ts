/**
 * The username-search HTTP contract (spec 000 §4, §7, §8) plus Hound's additions (progress, SSE, cancel,
 * verdict/reason/evidence). One definition per shape: the server validates with these, the web app
 * parses with them.
 */
import { z } from 'zod';
import { FOLLOW_LIMITS, ProfileFactSchema } from './leads.ts';

export const VerdictSchema = z.enum(['found', 'not_found', 'unknown', 'invalid']);
export type Verdict = z.infer<typeof VerdictSchema>;

/** Which sites a search covers, as the CLI's options: none given means every reliable, non-NSFW site. */
export const SearchScopeSchema = z.object({
  /** Only sites with one of these catalogue categories or tags (case-insensitive). */
  categories: z.array(z.string().min(1).max(60)).max(100).optional(),
  /** Only these sites, by name or id (searched even when NSFW). */
  sites: z.array(z.string().min(1).max(200)).max(500).optional(),
  /** Include NSFW sites. */
  nsfw: z.boolean().optional(),
});
export type SearchScope = z.infer<typeof SearchScopeSchema>;

export const StartSearchRequestSchema = SearchScopeSchema.extend({
  username: z.string(),
  device_id: z.string().max(200).optional(),
  /**
   * Follow the leads (issue 29): the usernames found profiles link to become child searches, `depth` steps
   * deep (default FOLLOW_LIMITS.defaultDepth). Signed-in users only; each child counts against the same limits.
   */
  recursive: z.boolean().optional(),
  depth: z.number().int().min(1).max(FOLLOW_LIMITS.maxDepth).optional(),
  /** `fetch`: one GET of a found profile's page where the check read an API answer (facts only). */
  facts: z.enum(['page', 'fetch']).optional(),
});
export type StartSearchRequest = z.infer<typeof StartSearchRequestSchema>;

/** `started` carries the id; the other statuses carry the reason in `error`. */
export const StartSearchResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('started'), search_id: z.string() }),
  z.object({ status: z.literal('busy'), error: z.string() }),
  z.object({ status: z.literal('device_limit'), error: z.string() }),
  z.object({ status: z.literal('error'), error: z.string() }),
]);
export type StartSearchResponse = z.infer<typeof StartSearchResponseSchema>;

/** Error body for non-2xx answers (422 unsupported characters, 429 too many active searches, …). */
export const ApiErrorSchema = z.object({ status: z.literal('error'), code: z.string(), error: z.string() });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const EvidenceSchema = z.object({
  status: z.number().int().optional(),
  final_url: z.string().optional(),
  rule: z.string(),
  elapsed_ms: z.number(),
  agreed: z.array(z.string()),
  outcomes: z
    .array(z.object({ format: z.string(), verdict: VerdictSchema, reason: z.string().optional(), rule: z.string() }))
    .optional(),
  detail: z.string().optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** One platform's entry. `found`/`status` keep the spec's fields; `verdict`/`reason`/`evidence` are Hound's. */
export const PlatformResultSchema = z.object({
  site_id: z.string(),
  url: z.string(),
  found: z.boolean(),
  /** "Found", "Not Found", "Unknown" or "Invalid" — the spec's display status. */
  status: z.string(),
  username: z.string(),
  category: z.string(),
  verdict: VerdictSchema,
  /**
   * Why the verdict is `unknown` or `invalid`, one of the engine's reasons (`timeout`, `blocked`, `dns`, …;
   * `blocked_address`: the site's address, or a redirect's, is loopback, private, link-local or otherwise
   * not public, so it was not asked — decision 096; `indistinguishable`: the site answers a never-registered
   * name the same way; `unfamiliar_answer`: the answer does not look like the site's own profile or
   * not-found page as its self-test last saw it — decision 100; `site_not_answering`: the site gives the
   * catalogue's known account the same answer, so it is not answering about users — decision 127). A string, so a client shows a newer
   * reason as "other".
   */
  reason: z.string().optional(),
  evidence: EvidenceSchema,
  /** What a found profile states about its owner (issue 29); never on another verdict. */
  facts: z.array(ProfileFactSchema).optional(),
});
export type PlatformResult = z.infer<typeof PlatformResultSchema>;

export const ProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type Progress = z.infer<typeof ProgressSchema>;

export const SearchStatusSchema = z.enum(['queued', 'running', 'completed', 'error', 'cancelled']);
export type SearchStatus = z.infer<typeof SearchStatusSchema>;

export const SearchStatusResponseSchema = z.object({
  status: SearchStatusSchema,
  username: z.string(),
  error: z.string().optional(),
  progress: ProgressSchema,
  /** When the search was asked for, started and ended (ISO 8601), so a reopened search can say how long it took. */
  created_at: z.string().optional(),
  started_at: z.string().optional(),
  finished_at: z.string().optional(),
  /** The site selection the search was asked with, as stored (absent: the default selection). */
  scope: SearchScopeSchema.optional(),
  result: z
    .object({
      /** Keyed by platform (site) display name. */
      results: z.record(z.string(), PlatformResultSchema),
      total_found: z.number().int(),
      error: z.string().optional(),
    })
    .optional(),
});
export type SearchStatusResponse = z.infer<typeof SearchStatusResponseSchema>;

/** Server-Sent Events of `GET /api/search/{id}/events`. Event ids are the result sequence numbers. */
export const SseResultEventSchema = z.object({
  platform: z.string(),
  result: PlatformResultSchema,
  progress: ProgressSchema,
});
export const SseDoneEventSchema = z.object({
  status: SearchStatusSchema,
  total_found: z.number().int(),
  progress: ProgressSchema,
  error: z.string().optional(),
});
export type SseResultEvent = z.infer<typeof SseResultEventSchema>;
export type SseDoneEvent = z.infer<typeof SseDoneEventSchema>;

/** Messages the spec fixes (§8). The server sends these texts; the web app shows them. */
export const SEARCH_MESSAGES = {
  unsupportedCharacters: 'Use letters only. Do not use special characters.',
  tooManyActive: 'Too many active searches. Please wait a moment and try again.',
  busy: 'The system is busy, please try again later',
  deviceLimit: 'Device search limit reached',
  unexpected: 'Unexpected error occurred',
} as const;
