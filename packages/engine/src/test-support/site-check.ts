import type { SiteCheck } from '../model.ts';

/**
 * A `SiteCheck` with neutral defaults for unit tests: a GET of the profile URL that follows redirects, no
 * rule, category `other`. Tests set only the fields they are about.
 */
export function siteCheck(partial: Partial<SiteCheck> = {}): SiteCheck {
  const profileUrl = partial.profileUrl ?? 'https://t.test/{username}';
  return {
    format: 'hound',
    name: 'T',
    profileUrl,
    request: { method: 'GET', url: profileUrl, headers: {}, followRedirects: true },
    rule: undefined,
    category: 'other',
    tags: [],
    nsfw: false,
    knownClaimed: [],
    protection: [],
    disabled: false,
    ...partial,
  };
}
