/**
 * Several usernames at once and username variants (issue 15, capability 12), like the CLI: names are
 * separated by commas, semicolons or new lines; with variants on, a name's parts are joined with `_`,
 * `-`, `.` and nothing (Sherlock's `{?}`): `john doe` → john_doe, john-doe, john.doe, johndoe. Each
 * name is a search of its own.
 */
import { type UsernameProblem, usernameProblem } from './username-rule.ts';

export const MAX_NAMES = 10;

export function variantsOf(name: string): string[] {
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  if (parts.length < 2) return [name];
  return [...new Set(['_', '-', '.', ''].map((joint) => parts.join(joint)))];
}

export type ParsedNames =
  | { ok: true; names: string[] }
  | { ok: false; name: string; problem: UsernameProblem }
  | { ok: false; tooMany: number };

export function parseUsernames(input: string, variants: boolean): ParsedNames {
  const entries = input
    .split(/[,;\n]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const names: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    for (const name of variants ? variantsOf(entry) : [entry]) {
      const problem = usernameProblem(name);
      if (problem) return { ok: false, name, problem };
      if (seen.has(name.toLowerCase())) continue;
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names.length > MAX_NAMES ? { ok: false, tooMany: names.length } : { ok: true, names };
}
