/**
 * Python `str.format` with named fields only, as Maigret uses it for URLs and payloads.
 * Returns a reason string when a field is unknown or the braces are malformed (Python would raise).
 */
export function pythonFormat(template: string, fields: Record<string, string>): string | { error: string } {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i];
    if (c === '{' && template[i + 1] === '{') {
      out += '{';
      i++;
    } else if (c === '}' && template[i + 1] === '}') {
      out += '}';
      i++;
    } else if (c === '{') {
      const end = template.indexOf('}', i);
      if (end < 0) return { error: 'unbalanced "{" in template' };
      const field = template.slice(i + 1, end).split(/[!:]/)[0] ?? '';
      const value = fields[field];
      if (value === undefined) return { error: `unknown field {${field}} in template` };
      out += value;
      i = end;
    } else if (c === '}') {
      return { error: 'single "}" in template' };
    } else {
      out += c;
    }
  }
  return out;
}
