/** How catalogue loaders mark the username's place in URL, body and location templates. */
export const USERNAME = '{username}';

/**
 * The same place while a template goes through the WHATWG URL parser: lowercase letters and digits
 * survive host lowercasing and percent-encoding unchanged.
 */
export const MARKER = 'houndusernameslot7q';

export function hasUsername(template: string): boolean {
  return template.includes(USERNAME);
}

/** `%XX` decoding that leaves malformed sequences as they are. */
export function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An anchored regex for `template` (containing MARKER) with one capture group per MARKER. */
export function slotRegExp(template: string, slot = '(.+?)'): RegExp {
  return new RegExp(`^${template.split(MARKER).map(escapeRegExp).join(slot)}$`);
}

/** Matches `text` against a MARKER template: null when it does not match, else the captured usernames. */
export function matchSlots(template: string, regex: RegExp | undefined, text: string): string[] | null {
  if (!regex) return template === text ? [] : null;
  const match = regex.exec(text);
  return match ? match.slice(1) : null;
}
