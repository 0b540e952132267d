/**
 * "The trial once per mailbox" outlives the account: an HMAC of the normalised address under the server
 * key (never the address) in `trial_markers`, which account deletion does not touch (decision 095).
 * Sub-addresses count as their mailbox (`me+2@x` is `me@x`).
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trialMarkers } from '../../db/schema/index.ts';

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at).split('+')[0];
  return `${local}@${address.slice(at + 1)}`;
}

export function trialMarker(key: Buffer, email: string): string {
  return createHmac('sha256', key)
    .update(`trial|${mailboxOf(email)}`)
    .digest('base64url');
}

export async function recordTrialMarker(db: Pick<Database, 'insert'>, marker: string): Promise<void> {
  await db.insert(trialMarkers).values({ marker }).onConflictDoNothing();
}

export async function hasTrialMarker(db: Pick<Database, 'select'>, marker: string): Promise<boolean> {
  const [row] = await db.select().from(trialMarkers).where(eq(trialMarkers.marker, marker));
  return row !== undefined;
}
