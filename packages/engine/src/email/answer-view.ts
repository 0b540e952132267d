/**
 * An email check's answer as its rules read it (decision 130): its kind (JSON, an HTML page, plain text, an
 * empty body or a redirect), the text a reader of the page sees (the shared page view's: no `<script>`,
 * `<style>`, comments or attributes) and the parsed JSON (after the check's anti-JSON prefix), each worked
 * out once and only when a rule asks. Bodies arrive decoded as browsers do (transport/sniff-charset.ts).
 */
import type { CheckResponse } from '../model.ts';
import { visibleText } from '../rules/block-pages.ts';
import { pageView } from '../rules/page-view.ts';
import type { EmailCheck, ExampleAnswer } from './catalogue-format.ts';
import { parseJsonBody } from './json-path.ts';

export type AnswerKind = 'json' | 'html' | 'text' | 'empty' | 'redirect';

/** What kind of answer a body is, by what it holds (sites label JSON `text/html` and HTML `text/plain`). */
function kindOf(status: number, contentType: string, body: string, json: unknown): AnswerKind {
  if (status >= 300 && status < 400) return 'redirect';
  if (body.trim() === '') return 'empty';
  if (json !== undefined) return 'json';
  if (/html|xml/i.test(contentType) || body.trimStart().startsWith('<')) return 'html';
  return 'text';
}

/** A JSON value's outline: its type, and an object's top-level keys. */
function outlineOf(json: unknown): { type: 'object' | 'array' | 'value'; keys: string[] } {
  if (Array.isArray(json)) return { type: 'array', keys: [] };
  if (json !== null && typeof json === 'object') return { type: 'object', keys: Object.keys(json) };
  return { type: 'value', keys: [] };
}

export class AnswerView {
  readonly kind: AnswerKind;
  readonly json: unknown;
  #text: string | undefined;
  #markup: string | undefined;

  constructor(
    readonly response: CheckResponse,
    jsonPrefix?: string,
  ) {
    this.json = response.truncated ? undefined : parseJsonBody(response.body, jsonPrefix);
    this.kind = kindOf(response.status, response.headers['content-type'] ?? '', response.body, this.json);
  }

  /** A page's markup without what no reader sees (scripts, styles, comments): where `raw` markers are looked for. */
  get markup(): string {
    this.#markup ??=
      this.kind === 'html'
        ? this.response.body
            .replace(/<script\b[\s\S]*?<\/script\s*>/gi, ' ')
            .replace(/<style\b[\s\S]*?<\/style\s*>/gi, ' ')
            .replace(/<!--[\s\S]*?-->/g, ' ')
        : this.response.body;
    return this.#markup;
  }

  /** What the reader of an HTML page sees; any other body as it is. */
  get text(): string {
    this.#text ??= this.kind === 'html' ? pageView(this.response).visibleText() : this.response.body;
    return this.#text;
  }
}

/** A marker as it reads in a page's visible text: entities decoded, white space collapsed. */
export function asVisible(marker: string): string {
  return visibleText(marker).trim();
}

interface OwnShapes {
  kinds: Set<AnswerKind>;
  /** Per JSON type, the top-level keys the check's own JSON answers have (empty: any). */
  json: Map<string, Set<string>>;
}

const shapes = new WeakMap<EmailCheck, OwnShapes | null>();

function answerView(answer: ExampleAnswer, jsonPrefix?: string): AnswerView {
  return new AnswerView(
    {
      status: answer.status,
      headers: { 'content-type': answer.contentType },
      body: answer.body,
      finalUrl: '',
      redirects: 0,
      truncated: false,
    },
    jsonPrefix,
  );
}

/** The kinds and JSON outlines of a check's own example answers; null when it records none. */
function ownShapes(check: EmailCheck): OwnShapes | null {
  if (shapes.has(check)) return shapes.get(check)!;
  const answers = [...check.answers.registered, ...check.answers.unregistered];
  let own: OwnShapes | null = null;
  if (answers.length > 0) {
    own = { kinds: new Set(), json: new Map() };
    for (const answer of answers) {
      const view = answerView(answer, check.jsonPrefix);
      own.kinds.add(view.kind);
      if (view.kind !== 'json') continue;
      const { type, keys } = outlineOf(view.json);
      const known = own.json.get(type) ?? new Set<string>();
      for (const key of keys) known.add(key);
      own.json.set(type, known);
    }
  }
  shapes.set(check, own);
  return own;
}

/**
 * Why an answer is not of the shape the check's own answers have (a JSON error where the site answers with
 * a page, a page where it answers JSON, JSON with none of its fields), or undefined when it is. A check
 * that records no example answers accepts any.
 */
export function foreignShape(check: EmailCheck, view: AnswerView): string | undefined {
  const own = ownShapes(check);
  if (!own) return undefined;
  if (!own.kinds.has(view.kind))
    return `a ${view.kind} answer where the site answers ${[...own.kinds].sort().join(' or ')}`;
  if (view.kind !== 'json') return undefined;
  const { type, keys } = outlineOf(view.json);
  const known = own.json.get(type);
  if (!known) return `a JSON ${type} where the site answers a JSON ${[...own.json.keys()].join(' or ')}`;
  if (type === 'object' && known.size > 0 && !keys.some((key) => known.has(key)))
    return `JSON with none of the site's own fields (${[...known].slice(0, 5).join(', ')})`;
  return undefined;
}
