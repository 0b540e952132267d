/**
 * Issue 29 ("Follow the leads"): what a found profile says about its owner, the searches it leads to, and the
 * identity graph drawn from them. Shared by the engine (extraction), the server (storage, API, exports), the
 * CLI (`--json`, `--recursive`) and the web app (graph view). One definition per shape.
 */
import { z } from 'zod';

/** What kind of fact a profile page states. A string union so older clients can show a newer kind as "other". */
export const FactKindSchema = z.enum([
  'display_name',
  'bio',
  'location',
  'website',
  'link', // a link to another site's page (social link, rel="me")
  'avatar',
  'created_at',
  'followers',
  'following',
  'username', // a username on another site that the profile links to (see `site`)
  'account_id',
  'email',
]);
export type FactKind = z.infer<typeof FactKindSchema>;

/** One fact, always with the page it came from and how it was read. */
export const ProfileFactSchema = z.object({
  kind: FactKindSchema,
  value: z.string().max(2000),
  /** The URL of the page the fact was read from. */
  source: z.string(),
  /** How it was read: `opengraph`, `twitter`, `jsonld`, `rel-me`, `microformats`, `site:<extractor name>`. */
  via: z.string(),
  /** For `username` / `account_id` / `link` facts: the site the value belongs to, when known (site name). */
  site: z.string().optional(),
});
export type ProfileFact = z.infer<typeof ProfileFactSchema>;

/** Why a child search exists: the profile (or email result) that named it. */
export const LeadReasonSchema = z.object({
  /** Human sentence, e.g. "linked from the GitHub profile of alice". */
  text: z.string(),
  /** The parent's result that named this lead. */
  from_site: z.string().optional(),
  from_url: z.string().optional(),
  /** The fact that named it. */
  fact_kind: FactKindSchema.optional(),
  /**
   * An email search's pivot (decision 116): the address's local part, or a username one of its found
   * answers returned (`from_site`).
   */
  pivot: z.enum(['local_part', 'returned_username']).optional(),
});
export type LeadReason = z.infer<typeof LeadReasonSchema>;

/** One search in a search tree (the root has no parent). */
export const LeadSearchSchema = z.object({
  id: z.string(),
  kind: z.enum(['username', 'email']),
  query: z.string(),
  parent_id: z.string().nullable(),
  depth: z.number().int().min(0).max(2),
  reason: LeadReasonSchema.nullable(),
  status: z.string(),
  /** How many levels below the root this tree follows leads (0: it does not); absent on email leads. */
  follow_depth: z.number().int().min(0).max(2).optional(),
  /**
   * On an address a profile stated (decision 116): the lead's id, which its owner starts an email search
   * for (`POST /api/search/email-leads/{lead_id}`). Once started, `id` is that email search's id.
   */
  lead_id: z.string().optional(),
  /**
   * Why a lead was not searched (status `not_searched`): which limit of its owner's account was reached
   * (`daily_limit`, `too_many_active`, `busy`).
   */
  held: z.enum(['daily_limit', 'too_many_active', 'busy']).optional(),
});
export type LeadSearch = z.infer<typeof LeadSearchSchema>;

/** A found profile (or registered email site) of one search in the tree, with its facts. */
export const LeadProfileSchema = z.object({
  search_id: z.string(),
  site: z.string(),
  url: z.string(),
  category: z.string().optional(),
  facts: z.array(ProfileFactSchema),
});
export type LeadProfile = z.infer<typeof LeadProfileSchema>;

/**
 * `GET /api/search/{id}/tree` and the JSON export (web and `hound --json --recursive`): the whole tree of a
 * root search. `format` versions the export for other tools.
 */
export const SearchTreeSchema = z.object({
  format: z.literal('hound-tree/1'),
  root_id: z.string(),
  searches: z.array(LeadSearchSchema),
  profiles: z.array(LeadProfileSchema),
});
export type SearchTree = z.infer<typeof SearchTreeSchema>;

/** Recursive-search limits (issue 29): depth 1 by default, at most 2; new names per level capped. */
export const FOLLOW_LIMITS = { defaultDepth: 1, maxDepth: 2, maxNewNamesPerLevel: 10 } as const;
