import type { ProfileFact } from '@hound/contracts';
import type { CheckResponse, FactsMode, Site } from '../model.ts';
import type { RequestCache } from '../search/run-check.ts';
import type { AccountLinks } from './account-links.ts';
import { extractFacts, MAX_FACTS } from './extract-facts.ts';

/** How a search reads facts: the mode and the catalogue's profile URL patterns. */
export interface FactOptions {
  mode: Exclude<FactsMode, 'off'>;
  links?: AccountLinks;
}

/** Bytes of a profile page read for facts (`fetch` mode): the head and the top of the page hold them. */
export const FACT_PAGE_BYTES = 256 * 1024;

const comparable = (url: string) =>
  url
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/\/+$/, '')
    .toLowerCase();

/** Did the check read the profile page itself (not an API or probe URL)? */
function readProfilePage(response: CheckResponse, profileUrl: string): boolean {
  const page = comparable(profileUrl);
  return comparable(response.requestUrl ?? response.finalUrl) === page || comparable(response.finalUrl) === page;
}

/**
 * The facts of a found profile: from the answer the check judged; and, in `fetch` mode where that answer
 * was not the profile page (an API or probe answer), from one GET of the profile page — judged for block
 * pages like any answer, so a challenge yields nothing. Called only for `found` results.
 */
export async function profileFacts(
  site: Site,
  username: string,
  profileUrl: string,
  response: CheckResponse | undefined,
  requests: RequestCache,
  options: FactOptions,
): Promise<ProfileFact[]> {
  const context = {
    siteName: site.name,
    siteHost: site.host,
    username,
    ...(options.links ? { links: options.links } : {}),
  };
  const facts = response ? extractFacts(response, context) : [];
  if (options.mode !== 'fetch' || !profileUrl || (response && readProfilePage(response, profileUrl))) return facts;
  const sent = await requests.send(
    { method: 'GET', url: profileUrl, headers: {}, followRedirects: true },
    undefined,
    FACT_PAGE_BYTES,
  );
  if (!sent.ok) return facts;
  const seen = new Set(facts.map((f) => `${f.kind}\u0000${f.site ?? ''}\u0000${f.value.toLowerCase()}`));
  for (const fact of extractFacts(sent.response, context)) {
    const key = `${fact.kind}\u0000${fact.site ?? ''}\u0000${fact.value.toLowerCase()}`;
    if (seen.has(key) || facts.length >= MAX_FACTS) continue;
    seen.add(key);
    facts.push(fact);
  }
  return facts;
}
