import { type Placement, USERNAME_PLACEHOLDER } from './place-url.ts';

export type BodyEncoding = 'json' | 'form' | 'raw';

/**
 * A username that needs no escaping in any text syntax a body might nest it in (GraphQL strings inside
 * JSON, ad-hoc formats): letters, digits, `_`, `.` and `-`.
 */
const PLAIN = /^[\p{L}\p{N}_.-]+$/u;

const SENTINEL = '\u0000hound-username\u0000';

/**
 * Fills `{username}` in a request body template.
 * - `form`: form-encoded (`application/x-www-form-urlencoded`), so it stays one value.
 * - `json`: where the placeholder is a whole JSON string value, JSON-string escaping suffices. Where it
 *   is embedded in a longer string (e.g. a GraphQL query inside JSON) the username is nested in a second
 *   syntax, so only a plain username is accepted.
 * - `raw`: only a plain username is accepted.
 */
export function placeInBody(template: string, encoding: BodyEncoding, username: string): Placement {
  if (!template.includes(USERNAME_PLACEHOLDER)) return { ok: true, value: template };
  if (encoding === 'form') return { ok: true, value: fill(template, formEncode(username)) };
  if (encoding === 'json' && placeholdersAreWholeJsonStrings(template)) {
    return { ok: true, value: fill(template, JSON.stringify(username).slice(1, -1)) };
  }
  if (!PLAIN.test(username)) {
    return {
      ok: false,
      detail: 'the username is nested inside a query in the request body here; only letters, digits, _ . - fit',
    };
  }
  return { ok: true, value: fill(template, username) };
}

function fill(template: string, value: string): string {
  return template.split(USERNAME_PLACEHOLDER).join(value);
}

/** `application/x-www-form-urlencoded` encoding of one key or value. */
export function formEncode(text: string): string {
  return new URLSearchParams({ v: text }).toString().slice(2);
}

const wholeJsonCache = new Map<string, boolean>();

/** True when the template is JSON and every placeholder is an entire string value (not a key). */
function placeholdersAreWholeJsonStrings(template: string): boolean {
  const cached = wholeJsonCache.get(template);
  if (cached !== undefined) return cached;
  const expected = template.split(USERNAME_PLACEHOLDER).length - 1;
  let seen = 0;
  let whole = true;
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value === SENTINEL) seen++;
      else if (value.includes(SENTINEL)) whole = false;
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes(SENTINEL)) whole = false;
        visit(inner);
      }
    }
  };
  try {
    visit(JSON.parse(fill(template, JSON.stringify(SENTINEL).slice(1, -1))));
  } catch {
    whole = false;
  }
  const result = whole && seen === expected;
  wholeJsonCache.set(template, result);
  return result;
}
