import type { CheckResponse } from '../model.ts';
import { visibleText } from './block-pages.ts';
import { header } from './redirect.ts';

/**
 * A page as a reader sees it (docs/decisions/128-structure-aware-rules-and-browser-decoding.md): rules'
 * plain-text markers count only where the site wrote them for people — in the visible text of an HTML
 * page, not in a `<script>`, `<style>`, comment or attribute (a challenge page's script, a bundle's string
 * table, a `data-` attribute hold any wording). `<noscript>` text counts: Hound reads pages without
 * scripts, as that text's readers do. A marker with markup in it (`<`, `>`, `=`, `"`, `{`, `}`), or a
 * single token, is about the page's source by its own words and is matched raw; JSON and plain-text answers are matched raw (a
 * marker in a JSON string is in a parsed field). Everything is lazy and memoised per response, and the
 * visible-text test runs only on a raw hit (a raw miss is a visible miss), at the hit's position.
 */
export interface PageView {
  /** The answer is an HTML page (by Content-Type, else by its first tags). */
  readonly html: boolean;
  /** The visible text (whitespace collapsed, entities decoded), computed on first use. */
  visibleText(): string;
  /** The `<title>`'s text, if any. */
  title(): string | undefined;
  /** The parsed body when it is JSON (undefined otherwise, or when it does not parse). */
  json(): unknown;
}

const views = new WeakMap<CheckResponse, PageView>();

/** The (memoised) view of `response`. */
export function pageView(response: CheckResponse): PageView {
  let view = views.get(response);
  if (!view) {
    view = createView(response);
    views.set(response, view);
  }
  return view;
}

function createView(response: CheckResponse): PageView {
  const { body } = response;
  let text: string | undefined;
  let title: string | undefined | null = null;
  let parsed: { value: unknown } | undefined;
  return {
    html: isHtml(response),
    visibleText: () => {
      text ??= visibleText(body);
      return text;
    },
    title: () => {
      if (title === null) {
        const raw = /<title[^>]*>([\s\S]{0,400}?)<\/title>/i.exec(body.slice(0, 64 * 1024))?.[1];
        title = raw === undefined ? undefined : visibleText(raw).trim() || undefined;
      }
      return title;
    },
    json: () => {
      if (!parsed) {
        const trimmed = body.trim();
        let value: unknown;
        if (/^[[{]/.test(trimmed)) {
          try {
            value = JSON.parse(trimmed);
          } catch {
            value = undefined;
          }
        }
        parsed = { value };
      }
      return parsed.value;
    },
  };
}

function isHtml(response: CheckResponse): boolean {
  const type = (header(response, 'content-type') ?? '').toLowerCase();
  if (type.includes('html')) return true;
  if (type.includes('json') || type.startsWith('text/plain')) return false;
  return /^\s*(<!doctype html|<html\b|<head\b|<body\b|<!--|<meta\b|<title\b|<div\b)/i.test(response.body.slice(0, 512));
}

/** Markup in a marker: it names the page's source, not its text. */
const MARKUP = /[<>="{}]/;

/**
 * A marker a person would read on the page (matched in the visible text of HTML): words with a space
 * between them and no markup. A single token (`profile-card`, `og:title`, `followers`) may be a class
 * name, a meta property or a JSON key as catalogues use them, so it is matched raw.
 */
export function isTextMarker(marker: string): boolean {
  return /\S\s+\S/.test(marker) && !MARKUP.test(marker);
}

/** Occurrences of a marker checked for visibility; past them the marker is taken as shown. */
const MAX_HITS = 16;

/**
 * True when the page contains `marker` where it counts: anywhere for a markup marker, a JSON or text
 * answer, or `raw`; in the visible text of an HTML page for a plain-text marker. A marker seen only past
 * the kept part of a long page counts (its surroundings are not kept).
 */
export function pageHas(response: CheckResponse, marker: string, raw = false): boolean {
  const { body } = response;
  let at = body.indexOf(marker);
  if (at < 0) return response.seen?.includes(marker) ?? false;
  if (raw || !isTextMarker(marker) || !pageView(response).html) return true;
  for (let hits = 0; at >= 0 && hits < MAX_HITS; hits++) {
    if (visibleAt(body, at)) return true;
    at = body.indexOf(marker, at + marker.length);
  }
  return at >= 0;
}

/** Whether position `at` of an HTML body is in its text: not inside a tag, a comment, a script or a style. */
function visibleAt(body: string, at: number): boolean {
  if (body.lastIndexOf('<', at) > body.lastIndexOf('>', at)) return false; // inside a tag (an attribute)
  if (body.lastIndexOf('<!--', at) > body.lastIndexOf('-->', at)) return false;
  for (const element of ['script', 'style']) {
    const open = Math.max(body.lastIndexOf(`<${element}`, at), body.lastIndexOf(`<${element.toUpperCase()}`, at));
    if (open < 0) continue;
    const close = Math.max(body.lastIndexOf(`</${element}`, at), body.lastIndexOf(`</${element.toUpperCase()}`, at));
    if (open > close) return false;
  }
  return true;
}
