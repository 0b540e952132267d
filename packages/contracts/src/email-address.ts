/**
 * The one rule for an email address, shared by the web app, the server (accounts, email search, Email Plus,
 * waitlist, ADMIN_EMAILS) and the engine: one plain `local@domain`, nothing a mail library could read as a
 * display name, a list or a route (decision 094). `alias<me@x.com>` and `a,b@x.com` are not addresses here,
 * even though an RFC 5322 parser would deliver them somewhere else.
 */

/** RFC 5321's limits: 64 octets of local part, 253 of domain, 254 for the whole path. */
export const EMAIL_ADDRESS_LIMITS = { local: 64, domain: 253, total: 254 } as const;

// ASCII letters, digits, `_ + -`, and dots between them: no quotes, brackets, commas, spaces, `%`/`!`
// (old source routing) or control characters.
const LOCAL = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;
// Host-name labels, at least two, the last one alphabetic (or an IDN `xn--` label): no IP literals.
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** True when `input`, without surrounding whitespace, is one plain `local@domain` address. */
export function isPlainEmailAddress(input: string): boolean {
  const value = input.trim();
  if (value.length > EMAIL_ADDRESS_LIMITS.total) return false;
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return (
    local.length <= EMAIL_ADDRESS_LIMITS.local &&
    domain.length <= EMAIL_ADDRESS_LIMITS.domain &&
    LOCAL.test(local) &&
    DOMAIN.test(domain)
  );
}
