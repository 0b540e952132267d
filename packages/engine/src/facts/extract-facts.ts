import type { ProfileFact } from '@hound/contracts';
import { parseJsonBody } from '../email/json-path.ts';
import type { CheckResponse } from '../model.ts';
import { detectBlockPage } from '../rules/block-pages.ts';
import type { AccountLinks } from './account-links.ts';
import { fromHCard, fromJsonLd, fromMeta, fromRelMe, type RawFact } from './generic.ts';
import { HtmlPage } from './html.ts';
import { readSiteFacts } from './read-site-facts.ts';
import { SITE_EXTRACTORS, type SiteExtractor } from './site-extractors.ts';

/** Facts kept per profile: a page listing hundreds of links is not a profile's own word about its owner. */
export const MAX_FACTS = 60;
const MAX_VALUE = 2000;
const URL_KINDS = new Set(['avatar', 'website', 'link']);
const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}$/i;

export interface FactContext {
  /** The site's display name and host, for its extractor and to leave out links back to the same profile. */
  siteName: string;
  siteHost: string;
  username: string;
  /** Profile links → catalogue sites and usernames. */
  links?: AccountLinks;
  extractors?: readonly SiteExtractor[];
}

const bareHost = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return '';
  }
};

function absolute(value: string, base: string): string | undefined {
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a found profile's answer states about its owner: generic formats (OpenGraph / Twitter card,
 * JSON-LD, rel="me", h-card) and the site's own extractor, every fact with the URL it was read from.
 * A block, challenge or wall page yields nothing, whatever it carries: facts come only from the real
 * profile. Extraction never changes a verdict; the caller extracts only from `found` answers.
 */
export function extractFacts(response: CheckResponse, context: FactContext): ProfileFact[] {
  const body = response.body;
  if (!body || response.status < 200 || response.status > 299) return [];
  if (detectBlockPage(response, { username: context.username })) return [];
  const source = response.finalUrl;
  const trimmed = body.trimStart();
  const json = trimmed.startsWith('{') || trimmed.startsWith('[') ? parseJsonBody(body) : undefined;
  const page = json === undefined ? new HtmlPage(body) : undefined;
  const raw: RawFact[] = page ? [...fromMeta(page), ...fromJsonLd(page), ...fromRelMe(page), ...fromHCard(page)] : [];
  const hosts = new Set([bareHost(source), context.siteHost.toLowerCase().replace(/^www\./, '')]);
  for (const extractor of context.extractors ?? SITE_EXTRACTORS) {
    if (extractor.hosts.some((h) => hosts.has(h))) raw.push(...readSiteFacts(extractor, body, json, page));
  }
  return settle(raw, source, context);
}

/** Cleans values, resolves links to catalogue sites' usernames, drops duplicates and links to this profile. */
function settle(raw: RawFact[], source: string, context: FactContext): ProfileFact[] {
  const out: ProfileFact[] = [];
  const seen = new Set<string>();
  const push = (fact: Omit<ProfileFact, 'source'>) => {
    const key = `${fact.kind}\u0000${fact.site ?? ''}\u0000${fact.value.toLowerCase()}`;
    if (seen.has(key) || out.length >= MAX_FACTS) return;
    seen.add(key);
    out.push({ ...fact, source });
  };
  const self = context.username.toLowerCase();
  for (const fact of raw) {
    let value = fact.value.replace(/\s+/g, ' ').trim().slice(0, MAX_VALUE);
    if (!value) continue;
    if (URL_KINDS.has(fact.kind)) {
      const url = absolute(/^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(value) ? `https://${value}` : value, source);
      if (!url) continue;
      value = url;
    }
    if (fact.kind === 'email' && !EMAIL.test(value)) continue;
    if (fact.kind === 'link' || fact.kind === 'website') {
      const account = context.links?.resolve(value);
      if (account && account.site === context.siteName && account.username.toLowerCase() === self) continue;
      push({ kind: fact.kind, value, via: fact.via, ...(account ? { site: account.site } : {}) });
      if (account) push({ kind: 'username', value: account.username, via: fact.via, site: account.site });
      continue;
    }
    if (fact.kind === 'username' && fact.site === undefined && value.toLowerCase() === self) continue;
    push({ kind: fact.kind, value, via: fact.via, ...(fact.site ? { site: fact.site } : {}) });
  }
  return out;
}
