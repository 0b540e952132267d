/** `GET /api/config`: operator settings the web app shows. Every field but the two below is optional. */
import { z } from 'zod';

export const SponsoredEntrySchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().min(1).max(120),
  url: z
    .string()
    .regex(/^https?:\/\//i, 'must be an http(s) URL')
    .max(2000),
  description: z.string().max(300).optional(),
});
export type SponsoredEntry = z.infer<typeof SponsoredEntrySchema>;

export const SiteConfigResponseSchema = z.object({
  brand_name: z.string().max(40).optional(),
  /** Searches and results are deleted after this many days (the privacy page states it). */
  retention_days: z.number().int().positive(),
  /** Sites a default search checks, once the catalogues are loaded. */
  site_count: z.number().int().positive().optional(),
  /** The catalogue categories searches can be narrowed to, with how many sites each has. */
  categories: z.array(z.object({ id: z.string(), sites: z.number().int() })).optional(),
  contact_email: z.string().max(200).optional(),
  community_url: z.string().max(2000).optional(),
  sponsored: z.array(SponsoredEntrySchema).max(2),
  /** Email search shows its results no sooner than this many seconds after it starts (spec 001: 180). */
  email_results_min_seconds: z.number().int().min(0).optional(),
  /** Email checks a search runs, once loaded. */
  email_check_count: z.number().int().optional(),
});
export type SiteConfigResponse = z.infer<typeof SiteConfigResponseSchema>;
