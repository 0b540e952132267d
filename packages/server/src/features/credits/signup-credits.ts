/**
 * Sign-up credits, once per mailbox (issue 25, decision 094). A mailbox is what actually receives the mail:
 * `Me+2@x.com` and `me@x.com` are one, and so are Gmail's dotted spellings. Its keyed hash is claimed in the
 * registration transaction; the claim outlives the account, so deleting and re-registering, or registering
 * a sub-address, creates an account without free credits.
 */
import type { Database } from '../../db/client.ts';
import { signupGrants } from '../../db/schema/index.ts';
import { mailboxDigest } from '../../lib/mailbox.ts';
import { applyCredits } from './ledger.ts';

type Tx = Pick<Database, 'select' | 'update' | 'insert' | 'transaction'>;

/** Claims the mailbox's sign-up grant; true when this call claimed it (no one had before). */
export async function claimSignupMailbox(tx: Pick<Database, 'insert'>, key: Buffer, email: string): Promise<boolean> {
  const [claimed] = await tx
    .insert(signupGrants)
    .values({ mailboxHash: mailboxDigest(key, 'signup-mailbox', email) })
    .onConflictDoNothing()
    .returning({ mailboxHash: signupGrants.mailboxHash });
  return claimed !== undefined;
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
  if (!(await claimSignupMailbox(tx, key, user.email))) return user.emailSearchCredits;
  const granted = await applyCredits(tx, {
    userId: user.id,
    delta: credits,
    kind: 'signup_grant',
    idempotencyKey: `signup:${user.id}`,
    reason: 'Welcome credits',
  });
  return granted.newBalance;
}
