/**
 * One mailbox, however its address is written: every once-per-mailbox rule (sign-up credits, the trial,
 * an address change keeping both) keys on this (decisions 094, 133). `Me+2@x.com` is `me@x.com`; Gmail
 * ignores dots in the local part and reads googlemail.com as gmail.com, so those are folded too. Other
 * providers promise neither, and for them a dot or a `-` may be another person: nothing else is folded.
 */
import { createHmac } from 'node:crypto';

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** The canonical mailbox of a plain address: lower-cased, `+tag` dropped, Gmail dots removed. */
export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** The rules that hold once per mailbox; each keys its own digest, so one table cannot be read for another. */
export type MailboxRule = 'signup-mailbox' | 'trial';

/** HMAC of the canonical mailbox under the server's auth key: no address is stored, none can be listed. */
export function mailboxDigest(key: Buffer, rule: MailboxRule, email: string): string {
  return createHmac('sha256', key)
    .update(`${rule}|${canonicalMailbox(email)}`)
    .digest('base64url');
}
