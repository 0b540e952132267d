import type { RawFact } from './generic.ts';
import { decodeEntities, type HtmlPage } from './html.ts';
import type { FieldRule, SiteExtractor } from './site-extractors.ts';

/** Every value at a dotted path; `*` steps over each item of an array. */
function readPath(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const step of path.split('.')) {
    const next: unknown[] = [];
    for (const item of current) {
      if (item === null || typeof item !== 'object') continue;
      if (step === '*') {
        if (Array.isArray(item)) next.push(...item);
      } else {
        const child = Array.isArray(item) ? item[Number(step)] : (item as Record<string, unknown>)[step];
        if (child !== undefined && child !== null) next.push(child);
      }
    }
    current = next;
  }
  return current;
}

const scalar = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

function shape(rule: FieldRule, value: string): string | undefined {
  let v = value;
  if (rule.regex && (rule.json || rule.selector)) {
    const m = new RegExp(rule.regex).exec(v);
    if (!m?.[1]) return undefined;
    v = m[1];
  }
  if (rule.as === 'unix-date') {
    const seconds = Number(v);
    if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
    v = new Date(seconds * 1000).toISOString();
  } else if (rule.as === 'html-text') {
    v = decodeEntities(v.replace(/<br\s*\/?>|<\/?p>/gi, ' ').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ');
  }
  v = v.trim();
  if (!v) return undefined;
  return rule.template ? rule.template.replaceAll('{value}', encodeURIComponent(v)) : v;
}

/** The facts one site extractor reads from an answer (parsed JSON or page); rules for the other kind are skipped. */
export function readSiteFacts(
  extractor: SiteExtractor,
  body: string,
  json: unknown,
  page: HtmlPage | undefined,
): RawFact[] {
  const facts: RawFact[] = [];
  const via = `site:${extractor.name}`;
  for (const rule of extractor.fields) {
    const values: string[] = [];
    if (rule.json !== undefined) {
      if (json === undefined) continue;
      values.push(...readPath(json, rule.json).map(scalar));
    } else if (rule.selector !== undefined) {
      if (!page) continue;
      for (const e of page.select(rule.selector)) values.push(rule.attr ? (e.attrs[rule.attr] ?? '') : page.text(e));
    } else if (rule.regex !== undefined) {
      if (json !== undefined) continue;
      const m = new RegExp(rule.regex).exec(body);
      if (m?.[1]) values.push(decodeEntities(m[1]));
    }
    for (const value of values) {
      const v = shape(rule, value);
      if (v) facts.push({ kind: rule.kind, value: v, via, ...(rule.site ? { site: rule.site } : {}) });
    }
  }
  return facts;
}
