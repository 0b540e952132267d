/**
 * Sign-up credits, once per mailbox (issue 25, decision 094). A mailbox is what actually receives the mail:
 * `Me+2@x.com` and `me@x.com` are one, and so are Gmail's dotted spellings. Its keyed hash is claimed in the
 * registration transaction; the claim outlives the account, so deleting and re-registering, or registering
 * a sub-address, creates an account without free credits.
 */
import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { signupGrants } from '../../db/schema/index.ts';
import { applyCredits } from './ledger.ts';

type Tx = Pick<Database, 'select' | 'update' | 'insert' | 'transaction'>;

// Gmail ignores dots in the local part and treats googlemail.com as gmail.com; other providers do not
// promise either, so only these are folded.
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** The canonical mailbox of a plain address: lower-cased, `+tag` dropped, Gmail dots removed. */
export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
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

/** HMAC of the canonical mailbox under the server's auth key: no address is stored, none can be listed. */
export function mailboxDigest(key: Buffer, email: string): string {
  return createHmac('sha256', key)
    .update(`signup-mailbox|${canonicalMailbox(email)}`)
    .digest('base64url');
}

/**
 * Grants `credits` to a just-created account unless its mailbox has had them before; answers the balance.
 * Call inside the transaction that creates the user, so a registration that fails claims nothing; two
 * parallel registrations of one mailbox meet on the primary key and only one is granted.
 */
export async function grantSignupCredits(
  tx: Tx,
  key: Buffer,
  user: { id: string; email: string; emailSearchCredits: number },
  credits: number,
): Promise<number> {
  if (credits <= 0) return user.emailSearchCredits;
  const [claimed] = await tx
    .insert(signupGrants)
    .values({ mailboxHash: mailboxDigest(key, user.email) })
    .onConflictDoNothing()
    .returning({ mailboxHash: signupGrants.mailboxHash });
  if (!claimed) return user.emailSearchCredits;
  const granted = await applyCredits(tx, {
    userId: user.id,
    delta: credits,
    kind: 'signup_grant',
    idempotencyKey: `signup:${user.id}`,
    reason: 'Welcome credits',
  });
  return granted.newBalance;
}
