import { MARKER, matchSlots, slotRegExp, USERNAME } from './placeholder.ts';

/** A request body template as a catalogue describes it; strings hold `{username}`. */
export type BodyTemplate =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; params: Array<[string, string]> }
  | { kind: 'raw'; text: string };

/**
 * A compiled body template. JSON and form bodies are compared structurally (so serialisation details
 * such as spaces after `:` do not matter); every non-username value must be equal.
 */
export interface BodyPattern {
  template: BodyTemplate;
  /** Canonical text, part of the route identity. */
  key: string;
  matches(body: string): string[] | null;
}

function withMarker(text: string): string {
  return text.replaceAll(USERNAME, MARKER);
}

function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  }
  return value;
}

const leafRegexes = new Map<string, RegExp>();

function leafRegex(template: string): RegExp {
  let regex = leafRegexes.get(template);
  if (!regex) {
    regex = slotRegExp(template);
    leafRegexes.set(template, regex);
  }
  return regex;
}

/** Structural match of a parsed JSON body against a template; pushes captured usernames into `out`. */
function matchJson(template: unknown, actual: unknown, out: string[]): boolean {
  if (typeof template === 'string') {
    if (typeof actual !== 'string') return false;
    const got = template.includes(MARKER) ? matchSlots(template, leafRegex(template), actual) : null;
    if (got) out.push(...got);
    return got !== null || template === actual;
  }
  if (Array.isArray(template)) {
    return (
      Array.isArray(actual) &&
      actual.length === template.length &&
      template.every((t, i) => matchJson(t, actual[i], out))
    );
  }
  if (template && typeof template === 'object') {
    if (!actual || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const keys = Object.keys(template);
    if (keys.length !== Object.keys(actual).length) return false;
    const a = actual as Record<string, unknown>;
    return keys.every((k) => k in a && matchJson((template as Record<string, unknown>)[k], a[k], out));
  }
  return template === actual;
}

export function hasBodyUsername(template: BodyTemplate): boolean {
  return JSON.stringify(template).includes(USERNAME);
}

export function compileBody(template: BodyTemplate): BodyPattern {
  if (template.kind === 'json') {
    const value = mapStrings(template.value, withMarker);
    return {
      template,
      key: `json:${JSON.stringify(value)}`,
      matches(body) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          return null;
        }
        const out: string[] = [];
        return matchJson(value, parsed, out) ? out : null;
      },
    };
  }
  if (template.kind === 'form') {
    const params = template.params.map(([k, v]) => [k, withMarker(v)] as const);
    const regexes = params.map(([, v]) => (v.includes(MARKER) ? slotRegExp(v) : undefined));
    return {
      template,
      key: `form:${JSON.stringify(params)}`,
      matches(body) {
        const actual = [...new URLSearchParams(body)];
        if (actual.length !== params.length) return null;
        const out: string[] = [];
        for (let i = 0; i < params.length; i++) {
          const [key, value] = params[i] as readonly [string, string];
          const [gotKey, gotValue] = actual[i] as [string, string];
          const got = gotKey === key ? matchSlots(value, regexes[i], gotValue) : null;
          if (!got) return null;
          out.push(...got);
        }
        return out;
      },
    };
  }
  const text = withMarker(template.text);
  const regex = text.includes(MARKER) ? slotRegExp(text, '([\\s\\S]+?)') : undefined;
  return { template, key: `raw:${text}`, matches: (body) => matchSlots(text, regex, body) };
}
