import type { SiteResult } from '../model.ts';
import { isProfilePage } from '../username/profile-page.ts';

/** A username result as `--json` and `--csv` write it (decision 150). */
export type WrittenResult = SiteResult & {
  /** Set when the site has no profile page for the name: the address the check's answer came from. */
  apiUrl?: string;
};

/**
 * `url` is the profile page or '' (as in the HTTP API): an API's address or a site's home page is not passed
 * off as one (issue 41 item 7); the address the check asked is then `apiUrl`.
 */
export function writtenResult(result: SiteResult, username: string): WrittenResult {
  if (result.url === '' || isProfilePage(result.url, username)) return result;
  const asked = result.evidence.finalUrl;
  return { ...result, url: '', ...(asked ? { apiUrl: asked } : {}) };
}

/** What a found result's line says after the site's name: its profile page, or that the check asked an API. */
export function foundAddress(result: SiteResult, username: string): string {
  const written = writtenResult(result, username);
  if (written.url) return written.url;
  return `no profile page; the check asked the site's API${written.apiUrl ? ` (${written.apiUrl})` : ''}`;
}
