/** `GET /api/sites`: the loaded catalogues as searched, with the health self-test's verdict per site. */
import { z } from 'zod';

export const SiteSourceSchema = z.object({
  /** Catalogue format: sherlock, whatsmyname, maigret or hound. */
  format: z.string(),
  /** The entry's name in that catalogue. */
  name: z.string(),
  /** File or URL the entry was loaded from, when known. */
  source: z.string().optional(),
});

export const SiteInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  host: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  nsfw: z.boolean(),
  sources: z.array(SiteSourceSchema),
  /** null until the health self-test has checked the site. Unreliable sites are skipped by default. */
  reliable: z.boolean().nullable(),
  reason: z.string().optional(),
  checked_at: z.string().optional(),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

export const SitesResponseSchema = z.object({
  ready: z.boolean(),
  loaded_at: z.string().optional(),
  /** Sites a default search checks (NSFW, unreliable and excluded sites are left out). */
  searched_by_default: z.number().int(),
  sites: z.array(SiteInfoSchema),
});
export type SitesResponse = z.infer<typeof SitesResponseSchema>;
