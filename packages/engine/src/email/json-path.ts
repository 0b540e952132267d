/** Reads `a.b.0.c` from parsed JSON; `''` is the whole value. Undefined when any step is missing. */
export function readJsonPath(value: unknown, path: string): unknown {
  if (path === '') return value;
  let current: unknown = value;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? current[Number(step)] : (current as Record<string, unknown>)[step];
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * The body as JSON, or undefined when it is not JSON. `prefix`: a check's declared anti-JSON guard
 * (`)]}'`), stripped when the body starts with it (after leading white space).
 */
export function parseJsonBody(body: string, prefix?: string): unknown {
  let text = body;
  if (prefix) {
    const start = text.trimStart();
    if (start.startsWith(prefix)) text = start.slice(prefix.length);
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
