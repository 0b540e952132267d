import type { CheckResponse } from '../model.ts';
import { header } from '../rules/redirect.ts';

/**
 * The shape of a JSON answer (issue 37 item 3; docs/decisions/160-controls-that-cost-little-and-answers-of-the-checks-own-shape.md):
 * a gateway's JSON error or another API's JSON can carry a check's marker ("Not Found", "followers") and
 * the site's media type, but not its fields. The shape is the top-level keys — an object's, or an array's
 * first element's after `[]` — sorted; never values (they name the user) and never deeper keys (optional
 * nested fields differ from one user to the next).
 */

/** Keys kept at most (sorted, so always the same ones). */
const MAX_KEYS = 32;
/** Longer bodies are not parsed for their shape: a JSON answer about one name is small. */
const MAX_PARSED_CHARS = 512 * 1024;

/** A JSON media type: `application/json`, `text/json`, `…+json`. */
export function isJsonType(type: string | undefined): boolean {
  return type === 'application/json' || type === 'text/json' || (type?.endsWith('+json') ?? false);
}

function keysOf(value: unknown): string[] | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    const first = keysOf(value[0]) ?? [];
    return ['[]', ...first].slice(0, MAX_KEYS);
  }
  return Object.keys(value).sort().slice(0, MAX_KEYS);
}

/**
 * The answer's JSON shape, or undefined when it is not a JSON object or array: declared JSON, or an
 * undeclared body that is one (an HTML page never is). A HEAD answer has none.
 */
export function jsonShape(response: CheckResponse): string[] | undefined {
  if (response.method === 'HEAD') return undefined;
  const type = header(response, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type && !isJsonType(type) && type !== 'text/plain') return undefined;
  const body = response.body.trimStart();
  if (body.length > MAX_PARSED_CHARS || !(body.startsWith('{') || body.startsWith('['))) return undefined;
  try {
    return keysOf(JSON.parse(body));
  } catch {
    return undefined;
  }
}

const show = (keys: readonly string[]) => `{${keys.join(', ')}}`;

/**
 * Why a JSON answer `seen` is not of the shape `expected`, or undefined when it is. At least half of the
 * expected keys must be there (an array where an object was, or the other way round, never is); `both`
 * (two answers of one fixed kind, such as two not-found answers) also wants at least half of the seen
 * keys among the expected — a found baseline keeps only the keys every claimed profile shared, so extra
 * keys there are a user's own.
 */
export function jsonShapeDifference(
  expected: readonly string[],
  seen: readonly string[] | undefined,
  both: boolean,
): string | undefined {
  if (seen === undefined) return `not a JSON object, the site's own answer is ${show(expected)}`;
  const isArray = (keys: readonly string[]) => keys[0] === '[]';
  const mismatch = () => `JSON ${show(seen)}, the site's own answer is ${show(expected)}`;
  if (isArray(expected) !== isArray(seen)) return mismatch();
  const shared = expected.filter((key) => seen.includes(key)).length;
  if (shared * 2 < expected.length) return mismatch();
  if (both && shared * 2 < seen.length) return mismatch();
  return undefined;
}
