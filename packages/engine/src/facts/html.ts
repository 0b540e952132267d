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

const ATTR = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(ATTR)) {
    const name = (match[1] as string).toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/**
 * The index of the `>` that ends a start tag whose attributes begin at `from`, or -1. Quotes count only
 * where a value starts (after `=`), as in a browser.
 */
function tagEnd(html: string, from: number): number {
  let quote = '';
  let previous = '';
  for (let j = from; j < html.length; j++) {
    const c = html[j] as string;
    if (quote) {
      if (c === quote) quote = '';
    } else if ((c === '"' || c === "'") && previous === '=') {
      quote = c;
    } else if (c === '>') {
      return j;
    }
    if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') previous = c;
  }
  return -1;
}

/** A parsed page: its elements in document order and the JSON-LD blocks it carries. */
export class HtmlPage {
  readonly elements: Element[] = [];
  readonly jsonLd: string[] = [];

  constructor(readonly html: string) {
    // One pass, linear in the page's length whatever its markup: an unclosed comment, tag, quote or script
    // ends the scan instead of being searched for again from every later position.
    const lower = html.toLowerCase();
    const length = html.length;
    const name = /[a-zA-Z][\w:-]*/y;
    for (let i = html.indexOf('<'); i >= 0 && i < length; i = html.indexOf('<', i)) {
      if (html.startsWith('<!--', i)) {
        const end = html.indexOf('-->', i + 4);
        if (end < 0) break;
        i = end + 3;
        continue;
      }
      name.lastIndex = i + 1;
      const tag = name.exec(html)?.[0];
      if (!tag) {
        i++;
        continue;
      }
      const close = tagEnd(html, i + 1 + tag.length);
      if (close < 0) break;
      const element: Element = {
        tag: tag.toLowerCase(),
        attrs: parseAttrs(html.slice(i + 1 + tag.length, close)),
        start: close + 1,
        at: i,
      };
      i = close + 1;
      if (element.tag === 'script' || element.tag === 'style') {
        // Their text is not the page's, except the structured data a script carries.
        const end = lower.indexOf(`</${element.tag}`, i);
        if (element.tag === 'script' && (element.attrs.type ?? '').toLowerCase() === 'application/ld+json') {
          this.jsonLd.push(html.slice(i, end < 0 ? length : end));
        }
        if (end < 0) break;
        i = end + 1;
        continue;
      }
      this.elements.push(element);
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

  /**
   * The first `limit` elements matching a compound selector, optionally only those inside `within`
   * (a profile states a fact a few times at most, and reading each match's text is a scan of its own).
   */
  select(selector: string, within?: Element, limit = 20): Element[] {
    const test = compileSelector(selector);
    const end = within ? this.contentEnd(within) : Number.POSITIVE_INFINITY;
    const out: Element[] = [];
    for (const e of this.elements) {
      if (out.length >= limit) break;
      if ((!within || (e.at >= within.start && e.at < end)) && test(e)) out.push(e);
    }
    return out;
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
