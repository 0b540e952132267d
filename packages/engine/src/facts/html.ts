/**
 * Just enough HTML reading for profile facts: start tags with their attributes, an element's text, and a
 * CSS-ish selector (`tag.class#id[attr=value][attr~=word]`, one compound selector). Pages are read only up
 * to the transport's body cap, so a scan over the whole string is cheap; no DOM is built.
 */

export interface Element {
  tag: string;
  attrs: Record<string, string>;
  /** Index just after the start tag's `>`. */
  start: number;
  /** Index of the start tag's `<`. */
  at: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TAG =
  /<!--[\s\S]*?-->|<(script|style)\b([^>]*)>[\s\S]*?<\/\1\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(ATTR)) {
    const name = (match[1] as string).toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/** A parsed page: its elements in document order and the JSON-LD blocks it carries. */
export class HtmlPage {
  readonly elements: Element[] = [];
  readonly jsonLd: string[] = [];

  constructor(readonly html: string) {
    for (const match of html.matchAll(TAG)) {
      const at = match.index ?? 0;
      if (match[1]) {
        // Scripts are skipped (their text is not the page's), except the structured data they carry.
        const attrs = parseAttrs(match[2] ?? '');
        if ((attrs.type ?? '').toLowerCase() === 'application/ld+json') {
          const body = match[0];
          this.jsonLd.push(body.slice(body.indexOf('>') + 1, body.lastIndexOf('<')));
        }
        continue;
      }
      if (!match[3]) continue;
      this.elements.push({
        tag: match[3].toLowerCase(),
        attrs: parseAttrs(match[4] ?? ''),
        start: at + match[0].length,
        at,
      });
    }
  }

  /** The end of an element's content: its matching close tag (same-name nesting counted), else the next sibling's. */
  contentEnd(element: Element): number {
    const open = new RegExp(`<${element.tag}\\b|</${element.tag}\\s*>`, 'gi');
    open.lastIndex = element.start;
    let depth = 1;
    for (let m = open.exec(this.html); m; m = open.exec(this.html)) {
      depth += m[0][1] === '/' ? -1 : 1;
      if (depth === 0) return m.index;
    }
    return this.html.length;
  }

  /** The text an element shows: tags removed, entities decoded, white space collapsed. */
  text(element: Element): string {
    return decodeEntities(
      this.html
        .slice(element.start, this.contentEnd(element))
        .replace(/<script\b[\s\S]*?<\/script\s*>/gi, ' ')
        // Inline tags join their words; other tags separate them.
        .replace(/<\/?(?:a|b|i|em|strong|span|bdi|small|code|abbr|mark|u|s)\b[^>]*>/gi, '')
        .replace(/<[^>]*>/g, ' '),
    )
      .replace(/\s+/g, ' ')
      .trim();
  }

  /** Elements matching a compound selector, optionally only those inside `within`. */
  select(selector: string, within?: Element): Element[] {
    const test = compileSelector(selector);
    const end = within ? this.contentEnd(within) : Number.POSITIVE_INFINITY;
    return this.elements.filter((e) => (!within || (e.at >= within.start && e.at < end)) && test(e));
  }
}

/** Classes and rel values are space-separated word lists. */
export function words(value: string | undefined): string[] {
  return (value ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

const SELECTOR_PART = /([.#])([\w-]+)|\[([\w:-]+)(?:([~^*]?=)(?:"([^"]*)"|'([^']*)'|([^\]]*)))?\]/g;

/** `tag.class#id[attr][attr=value][attr~=word][attr^=prefix][attr*=part]`; throws on anything else. */
export function compileSelector(selector: string): (element: Element) => boolean {
  const tag = /^[a-zA-Z][\w-]*/.exec(selector)?.[0]?.toLowerCase();
  const rest = selector.slice(tag?.length ?? 0);
  const tests: Array<(element: Element) => boolean> = [];
  if (tag) tests.push((e) => e.tag === tag);
  let consumed = 0;
  for (const m of rest.matchAll(SELECTOR_PART)) {
    consumed += m[0].length;
    if (m[1] === '.') {
      const cls = (m[2] as string).toLowerCase();
      tests.push((e) => words(e.attrs.class).includes(cls));
    } else if (m[1] === '#') {
      const id = m[2] as string;
      tests.push((e) => e.attrs.id === id);
    } else {
      const name = (m[3] as string).toLowerCase();
      const op = m[4];
      const value = m[5] ?? m[6] ?? m[7] ?? '';
      tests.push((e) => {
        const got = e.attrs[name];
        if (got === undefined) return false;
        if (op === undefined) return true;
        if (op === '=') return got === value;
        if (op === '~=') return words(got).includes(value.toLowerCase());
        if (op === '^=') return got.startsWith(value);
        return got.includes(value);
      });
    }
  }
  if (consumed !== rest.length || (!tag && tests.length === 0)) throw new Error(`unsupported selector: ${selector}`);
  return (e) => tests.every((t) => t(e));
}
