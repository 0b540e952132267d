/**
 * Stripe's form encoding (`a[b][0][c]=v`, `a[]=v`), parsed into nested objects and arrays — the same shape
 * `qs` would give, without the dependency. stripe-node writes arrays with explicit indexes and leaves the
 * brackets unencoded; curl users send `a[]=` or `%5B…%5D`, so both are accepted.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Thrown for bodies no Stripe client would send (bad percent-encoding, `a=1&a[b]=2`, absurd nesting). */
export class FormError extends Error {
  constructor(
    message: string,
    readonly param: string,
  ) {
    super(message);
    this.name = 'FormError';
  }
}

const MAX_DEPTH = 8;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    throw new FormError(`Invalid percent-encoding in ${JSON.stringify(text)}.`, text);
  }
}

/** `a[b][]` → ['a', 'b', '']; an empty segment means "append". */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/gy;
  let match: RegExpExecArray | null = pattern.exec(rest);
  let consumed = 0;
  while (match) {
    parts.push(match[1]!);
    consumed = pattern.lastIndex;
    match = pattern.exec(rest);
  }
  // Trailing junk like `a[b]c` is kept as part of the last segment rather than silently dropped.
  if (consumed < rest.length) parts[parts.length - 1] += rest.slice(consumed);
  return parts;
}

type Node = Map<string, Node | string>;

function insert(root: Node, parts: string[], value: string, key: string): void {
  if (parts.length > MAX_DEPTH) throw new FormError(`Parameter ${key} is nested too deeply.`, key);
  let node = root;
  for (let i = 0; i < parts.length; i++) {
    let part = parts[i]!;
    if (FORBIDDEN.has(part)) throw new FormError(`Invalid parameter name ${key}.`, key);
    if (part === '') part = String(node.size); // `a[]=x&a[]=y` → indexes 0, 1
    const last = i === parts.length - 1;
    const existing = node.get(part);
    if (last) {
      if (existing instanceof Map) throw new FormError(`Parameter ${key} is both a value and a hash.`, key);
      node.set(part, value);
      return;
    }
    if (typeof existing === 'string') throw new FormError(`Parameter ${key} is both a value and a hash.`, key);
    const child: Node = existing ?? new Map();
    node.set(part, child);
    node = child;
  }
}

/** Objects whose keys are all non-negative integers become arrays, ordered by index. */
function build(node: Node): FormValue {
  const keys = [...node.keys()];
  const entries = keys.map((k) => [k, node.get(k)!] as const);
  const convert = (v: Node | string): FormValue => (typeof v === 'string' ? v : build(v));
  if (keys.length > 0 && keys.every((k) => /^(0|[1-9]\d{0,3})$/.test(k))) {
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => convert(v));
  }
  const object: FormObject = {};
  for (const [k, v] of entries) object[k] = convert(v);
  return object;
}

/** Parses an `application/x-www-form-urlencoded` body or query string (without the `?`). */
export function parseForm(text: string): FormObject {
  const root: Node = new Map();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (key === '') continue;
    insert(root, splitKey(key), value, key);
  }
  // The top level is always a hash of parameters, even when every name is a number.
  const params: FormObject = {};
  for (const [key, value] of root) params[key] = typeof value === 'string' ? value : build(value);
  return params;
}
