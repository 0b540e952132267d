import type { FactKind } from '@hound/contracts';
import { type Element, type HtmlPage, words } from './html.ts';

/** A fact before the page URL and link resolution are added. */
export interface RawFact {
  kind: FactKind;
  value: string;
  via: string;
  site?: string;
}

const metaContent = (page: HtmlPage): Map<string, string> => {
  const meta = new Map<string, string>();
  for (const e of page.elements) {
    if (e.tag !== 'meta') continue;
    const key = (e.attrs.property ?? e.attrs.name ?? '').toLowerCase();
    const content = e.attrs.content?.trim();
    if (key && content && !meta.has(key)) meta.set(key, content);
  }
  return meta;
};

/**
 * OpenGraph and Twitter-card meta. A page's title and description are the profile's only when the page
 * says it is a profile (`og:type` profile or `profile:*` properties): on other pages they describe the
 * site, not its user.
 */
export function fromMeta(page: HtmlPage): RawFact[] {
  const meta = metaContent(page);
  const facts: RawFact[] = [];
  const isProfile =
    meta.get('og:type')?.toLowerCase() === 'profile' || [...meta.keys()].some((k) => k.startsWith('profile:'));
  if (isProfile) {
    const first = meta.get('profile:first_name');
    const last = meta.get('profile:last_name');
    const name = first || last ? [first, last].filter(Boolean).join(' ') : meta.get('og:title');
    if (name) facts.push({ kind: 'display_name', value: name, via: 'opengraph' });
    const bio = meta.get('og:description');
    if (bio) facts.push({ kind: 'bio', value: bio, via: 'opengraph' });
    const image = meta.get('og:image');
    if (image) facts.push({ kind: 'avatar', value: image, via: 'opengraph' });
  }
  // The card's creator is the page's author; a site's own account (`twitter:site`) is not.
  const creator = meta.get('twitter:creator')?.replace(/^@/, '');
  if (creator && creator.toLowerCase() !== meta.get('twitter:site')?.replace(/^@/, '').toLowerCase()) {
    facts.push({ kind: 'username', value: creator, via: 'twitter', site: 'Twitter' });
  }
  return facts;
}

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
};
const typeOf = (node: Record<string, unknown>) => asArray(node['@type']).map((t) => String(t).toLowerCase());

/** Every object of the JSON-LD blocks, `@graph` and `mainEntity` included. */
function jsonLdNodes(page: HtmlPage): Array<Record<string, unknown>> {
  const nodes: Array<Record<string, unknown>> = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    for (const item of asArray(value)) {
      if (!item || typeof item !== 'object') continue;
      const node = item as Record<string, unknown>;
      nodes.push(node);
      visit(node['@graph'], depth + 1);
      visit(node.mainEntity, depth + 1);
    }
  };
  for (const block of page.jsonLd) {
    try {
      visit(JSON.parse(block), 0);
    } catch {
      // A broken block says nothing.
    }
  }
  return nodes;
}

/** JSON-LD `Person` (alone or as a `ProfilePage`'s main entity) and `ProfilePage` dates. */
export function fromJsonLd(page: HtmlPage): RawFact[] {
  const facts: RawFact[] = [];
  const add = (kind: FactKind, value: unknown) => {
    const v = text(value);
    if (v) facts.push({ kind, value: v, via: 'jsonld' });
  };
  for (const node of jsonLdNodes(page)) {
    const types = typeOf(node);
    if (types.includes('profilepage')) add('created_at', node.dateCreated);
    if (!types.includes('person')) continue;
    add('display_name', node.name);
    add('bio', node.description);
    for (const image of asArray(node.image))
      add('avatar', typeof image === 'object' ? (image as { url?: unknown })?.url : image);
    for (const link of asArray(node.sameAs)) add('link', link);
    add('website', node.url);
    const email = text(node.email);
    if (email) add('email', email.replace(/^mailto:/i, ''));
    add('account_id', node.identifier);
    for (const place of [...asArray(node.homeLocation), ...asArray(node.address)]) {
      if (typeof place === 'string') add('location', place);
      else if (place && typeof place === 'object') {
        const p = place as Record<string, unknown>;
        add('location', p.name ?? p.addressLocality);
      }
    }
    for (const stat of asArray(node.interactionStatistic)) {
      if (!stat || typeof stat !== 'object') continue;
      const s = stat as Record<string, unknown>;
      const type = String(
        typeof s.interactionType === 'object'
          ? (s.interactionType as { '@type'?: unknown })?.['@type']
          : s.interactionType,
      );
      if (/FollowAction/i.test(type)) add('followers', s.userInteractionCount);
    }
  }
  return facts;
}

const href = (e: Element) => e.attrs.href?.trim();

/** `rel="me"` links (`<a>` and `<link>`): the owner says these pages are theirs too. */
export function fromRelMe(page: HtmlPage): RawFact[] {
  const facts: RawFact[] = [];
  for (const e of page.elements) {
    if ((e.tag !== 'a' && e.tag !== 'link') || !words(e.attrs.rel).includes('me')) continue;
    const link = href(e);
    if (!link) continue;
    if (/^mailto:/i.test(link))
      facts.push({ kind: 'email', value: link.slice(7).split('?')[0] as string, via: 'rel-me' });
    else facts.push({ kind: 'link', value: link, via: 'rel-me' });
  }
  return facts;
}

/** Microformats2 `h-card`: the properties inside the first card. */
export function fromHCard(page: HtmlPage): RawFact[] {
  const card = page.select('.h-card')[0];
  if (!card) return [];
  const facts: RawFact[] = [];
  const add = (kind: FactKind, value: string | undefined) => {
    if (value) facts.push({ kind, value, via: 'microformats' });
  };
  for (const e of page.select('.p-name', card)) add('display_name', page.text(e));
  for (const e of page.select('.p-note', card)) add('bio', page.text(e));
  for (const cls of ['.p-locality', '.p-adr', '.p-label'])
    for (const e of page.select(cls, card)) add('location', page.text(e));
  for (const e of page.select('.u-photo', card)) add('avatar', e.attrs.src ?? href(e));
  for (const e of page.select('.u-url', card)) add('link', href(e));
  for (const e of page.select('.u-email', card)) add('email', href(e)?.replace(/^mailto:/i, '') ?? page.text(e));
  return facts;
}
