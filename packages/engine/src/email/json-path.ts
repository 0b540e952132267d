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

/** The body as JSON, or undefined when it is not JSON. */
export function parseJsonBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
