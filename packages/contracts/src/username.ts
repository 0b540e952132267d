/**
 * The username rule (decision 046), one definition for the server, the web form and the `hound` CLI: after
 * trimming, 1–64 characters, each an ASCII letter, a digit, `.`, `_` or `-`.
 */
export const USERNAME_MAX = 64;

const ALLOWED = /^[A-Za-z0-9._-]$/;

/** Why a trimmed, non-empty name breaks the rule: too long, a space, or other characters (at most five). */
export type UsernameProblem =
  | { kind: 'too_long'; length: number }
  | { kind: 'space' }
  | { kind: 'characters'; characters: string[] };

/** Why a trimmed, non-empty name cannot be searched, or null when it can. */
export function usernameProblem(name: string): UsernameProblem | null {
  const chars = Array.from(name);
  if (chars.length > USERNAME_MAX) return { kind: 'too_long', length: chars.length };
  if (/\s/.test(name)) return { kind: 'space' };
  const bad = [...new Set(chars.filter((c) => !ALLOWED.test(c)))];
  return bad.length > 0 ? { kind: 'characters', characters: bad.slice(0, 5) } : null;
}

/** Whether a (trimmed) name follows the rule. */
export function isSearchableUsername(name: string): boolean {
  return name.length > 0 && usernameProblem(name) === null;
}
