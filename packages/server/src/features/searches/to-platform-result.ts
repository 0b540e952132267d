import type { PlatformResult } from '@hound/contracts';
import { isProfilePage, type SiteResult } from '@hound/engine';

const DISPLAY_STATUS = { found: 'Found', not_found: 'Not Found', unknown: 'Unknown', invalid: 'Invalid' } as const;

/**
 * The profile address, or '' when the catalogue gives none: an address without the username (Discord's
 * entries name the home page, the check itself asks an API) or an API's address (Minecraft's) is not the
 * profile, so it is not passed off as one; nor is anything but an http(s) link. The engine's rule
 * (`isProfilePage`), as the CLI prints it.
 */
export function profileUrl(url: string, username: string): string {
  return isProfilePage(url, username) ? url : '';
}

/** The engine's result in the HTTP contract's shape: the spec's fields plus verdict, reason and evidence. */
export function toPlatformResult(result: SiteResult, username: string): PlatformResult {
  const e = result.evidence;
  return {
    site_id: result.siteId,
    url: profileUrl(result.url, username),
    found: result.verdict === 'found',
    status: DISPLAY_STATUS[result.verdict],
    username,
    category: result.category,
    verdict: result.verdict,
    ...(result.reason ? { reason: result.reason } : {}),
    evidence: {
      ...(e.status !== undefined ? { status: e.status } : {}),
      ...(e.finalUrl !== undefined ? { final_url: e.finalUrl } : {}),
      rule: e.rule,
      elapsed_ms: e.elapsedMs,
      agreed: [...e.agreed],
      ...(e.outcomes ? { outcomes: e.outcomes.map((o) => ({ ...o })) } : {}),
      ...(e.detail !== undefined ? { detail: e.detail } : {}),
    },
    // Facts only ever sit on a found result (the engine extracts none for any other verdict).
    ...(result.verdict === 'found' && result.facts?.length ? { facts: result.facts } : {}),
  };
}
