import { TestkitError } from '../errors.ts';
import type { Internet } from '../types.ts';

/** The planted chain of issue 29: `alice`'s profile links to `alice_dev`'s, whose profile names an address. */
export interface LeadChain {
  aliceUrl: string;
  aliceDevUrl: string;
  email: string;
}

export const LEAD_CHAIN = { first: 'alice', second: 'alice_dev', email: 'a.dev@example.com' } as const;

/** The profile URL a fake site at `host` serves for `username` (its catalogue URL template filled in). */
function profileUrl(internet: Internet, host: string, username: string): string {
  const site = internet.sites().find((s) => s.host === host && s.method.toUpperCase() !== 'POST');
  if (!site) throw new TestkitError('NO_SUCH_SITE', `no fake site at ${host}`);
  return site.url.replace('{username}', encodeURIComponent(username));
}

/**
 * Plants the chain as real profile pages: on `firstHost`, `alice`'s profile page (OpenGraph profile meta,
 * and a `rel="me"` link to `alice_dev`'s profile on `secondHost`); on `secondHost`, `alice_dev`'s page
 * (a JSON-LD Person and a `rel="me"` mailto link to a.dev@example.com). Both names are registered there.
 */
export function plantLeadChain(internet: Internet, firstHost: string, secondHost: string): LeadChain {
  const aliceUrl = profileUrl(internet, firstHost, LEAD_CHAIN.first);
  const aliceDevUrl = profileUrl(internet, secondHost, LEAD_CHAIN.second);
  internet.plant(firstHost, LEAD_CHAIN.first, {
    head:
      '<meta property="og:type" content="profile"><meta property="og:title" content="Alice Example">' +
      '<meta property="og:description" content="Writes code at night.">',
    body: `<p>Also me: <a rel="me" href="${aliceDevUrl}">my dev profile</a></p>`,
  });
  internet.plant(secondHost, LEAD_CHAIN.second, {
    head: `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Alice (dev)',
      description: 'The work account.',
    })}</script>`,
    body: `<p>Contact: <a rel="me" href="mailto:${LEAD_CHAIN.email}">${LEAD_CHAIN.email}</a></p>`,
  });
  return { aliceUrl, aliceDevUrl, email: LEAD_CHAIN.email };
}
