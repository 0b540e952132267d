/**
 * "The trial once per mailbox" (decisions 095, 133): an HMAC of the canonical mailbox under the server key
 * (never the address) in `trial_markers`, which account deletion does not touch. The mailbox is the one
 * every once-per-mailbox rule uses (`lib/mailbox.ts`): `me+2@x` is `me@x`, and Gmail's dotted and
 * googlemail.com spellings are one inbox.
 *
 * The trial is claimed when its checkout opens, not when it is paid: a marker that names a checkout is a
 * claim (released when that checkout expires, made permanent when it is paid), one without is a trial
 * taken. So checkouts opened on `me@`, `me+2@` and `m.e@gmail` before paying any cannot all be trials.
 */
import { createHmac } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trialMarkers } from '../../db/schema/index.ts';
import { mailboxDigest } from '../../lib/mailbox.ts';

export function trialMarker(key: Buffer, email: string): string {
  return mailboxDigest(key, 'trial', email);
}

/** The marker as written before Gmail addresses were folded (decision 095): still a trial taken. */
function legacyTrialMarker(key: Buffer, email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const mailbox = at < 0 ? address : `${address.slice(0, at).split('+')[0]}@${address.slice(at + 1)}`;
  return createHmac('sha256', key).update(`trial|${mailbox}`).digest('base64url');
}

/** Records the mailbox's trial as taken for good (a paid trial, a deleted account that had one). */
export async function recordTrialMarker(db: Pick<Database, 'insert'>, marker: string): Promise<void> {
  await db
    .insert(trialMarkers)
    .values({ marker })
    .onConflictDoUpdate({ target: trialMarkers.marker, set: { checkoutId: null } });
}

/**
 * Claims the mailbox's trial for the checkout being opened (`checkoutId`, first the placeholder of the
 * checkout slot). False when the mailbox had its trial or another checkout holds the claim. A placeholder
 * left by a crashed request frees itself after two minutes, like the checkout slot.
 */
export async function claimTrial(db: Database, key: Buffer, email: string, checkoutId: string): Promise<boolean> {
  const marker = trialMarker(key, email);
  const legacy = legacyTrialMarker(key, email);
  if (legacy !== marker) {
    const [old] = await db.select().from(trialMarkers).where(eq(trialMarkers.marker, legacy));
    if (old) return false;
  }
  await db
    .delete(trialMarkers)
    .where(
      and(
        eq(trialMarkers.marker, marker),
        like(trialMarkers.checkoutId, 'claim:%'),
        sql`${trialMarkers.createdAt} < now() - interval '2 minutes'`,
      ),
    );
  const [claimed] = await db
    .insert(trialMarkers)
    .values({ marker, checkoutId })
    .onConflictDoNothing()
    .returning({ marker: trialMarkers.marker });
  return claimed !== undefined;
}

/** The claim passes from the slot's placeholder to the session Stripe opened. */
export async function moveTrialClaim(db: Pick<Database, 'update'>, from: string, to: string): Promise<void> {
  await db.update(trialMarkers).set({ checkoutId: to }).where(eq(trialMarkers.checkoutId, from));
}

/** The checkout expired or never opened: its mailbox may take the trial again. A taken trial stays. */
export async function releaseTrialClaim(db: Pick<Database, 'delete'>, checkoutId: string): Promise<void> {
  await db.delete(trialMarkers).where(eq(trialMarkers.checkoutId, checkoutId));
}

/** The checkout was paid: its claim becomes the trial taken. */
export async function settleTrialClaim(db: Pick<Database, 'update'>, checkoutId: string): Promise<void> {
  await db.update(trialMarkers).set({ checkoutId: null }).where(eq(trialMarkers.checkoutId, checkoutId));
}
