/**
 * Operator settings the page shows (GET /api/config): brand, sponsored entries, data retention,
 * contact and community links. Every field is optional; a missing endpoint means the defaults.
 */
import type { SiteConfigResponse } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import type { SponsoredEntry } from '../features/search/sponsored.ts';

export interface SiteConfig {
  brand: string;
  retentionDays: number;
  siteCount: number | null;
  contactEmail: string | null;
  /** The operator's community (COMMUNITY_URL); null: no community links are shown. */
  communityUrl: string | null;
  sponsored: SponsoredEntry[];
  /** Email-search results show no sooner than this after a search starts (spec 001: 180 s; default 0). */
  emailResultsMinSeconds: number;
  /** Email checks a search runs, when the server knows. */
  emailCheckCount: number | null;
  /** Catalogue categories a search can be narrowed to, with their site counts (most first). */
  categories: { id: string; sites: number }[];
}

export const DEFAULT_BRAND = import.meta.env.VITE_BRAND_NAME || 'Hound';
export const SHERLOCK_REPOSITORY = 'https://github.com/sherlock-project/sherlock';

export const defaultSiteConfig: SiteConfig = {
  brand: DEFAULT_BRAND,
  retentionDays: 30,
  siteCount: null,
  contactEmail: null,
  communityUrl: null,
  sponsored: [],
  emailResultsMinSeconds: 0,
  emailCheckCount: null,
  categories: [],
};

const text = (value: unknown, max = 2000): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
const httpUrl = (value: unknown) => {
  const url = text(value);
  return url && /^https?:\/\//i.test(url) ? url : undefined;
};

function sponsoredEntry(value: unknown): SponsoredEntry | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const id = text(v.id, 100);
  const title = text(v.title, 120);
  const url = httpUrl(v.url); // only links a visitor can safely follow
  return id && title && url ? { id, title, url, description: text(v.description, 300) ?? '' } : null;
}

/**
 * Reads the body of GET /api/config. Hand-checked rather than zod-parsed: this runs on every page
 * load, and zod would add its weight to the first download. Anything unexpected means the default.
 */
export function toSiteConfig(raw: unknown): SiteConfig {
  if (!raw || typeof raw !== 'object') return defaultSiteConfig;
  // Shaped like SiteConfigResponse when the server is current; every field is still checked.
  const c = raw as Partial<Record<keyof SiteConfigResponse, unknown>>;
  const positiveInt = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  const email = text(c.contact_email, 200);
  return {
    brand: text(c.brand_name, 40) ?? defaultSiteConfig.brand,
    retentionDays: positiveInt(c.retention_days) ?? defaultSiteConfig.retentionDays,
    siteCount: positiveInt(c.site_count) ?? null,
    contactEmail: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null,
    communityUrl: httpUrl(c.community_url) ?? defaultSiteConfig.communityUrl,
    emailResultsMinSeconds:
      typeof c.email_results_min_seconds === 'number' &&
      Number.isInteger(c.email_results_min_seconds) &&
      c.email_results_min_seconds >= 0
        ? c.email_results_min_seconds
        : 0,
    emailCheckCount: positiveInt(c.email_check_count) ?? null,
    categories: Array.isArray(c.categories)
      ? c.categories
          .filter(
            (x): x is { id: string; sites: number } =>
              !!x &&
              typeof x === 'object' &&
              typeof x.id === 'string' &&
              x.id.length <= 60 &&
              typeof x.sites === 'number',
          )
          .slice(0, 200)
      : [],
    sponsored: Array.isArray(c.sponsored)
      ? c.sponsored
          .map(sponsoredEntry)
          .filter((s): s is SponsoredEntry => s !== null)
          .slice(0, 2)
      : [],
  };
}

async function fetchSiteConfig(): Promise<SiteConfig> {
  try {
    const res = await fetch('/api/config', { headers: { accept: 'application/json' } });
    return res.ok ? toSiteConfig(await res.json()) : defaultSiteConfig;
  } catch {
    return defaultSiteConfig;
  }
}

export function useSiteConfig(): SiteConfig {
  const { data } = useQuery({
    queryKey: ['site-config'],
    queryFn: fetchSiteConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? defaultSiteConfig;
}
