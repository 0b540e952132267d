/**
 * Whether Hound recorded a Stripe payment, known by identity (decision 164): the deleted-account refund pass
 * refunds only what Hound never took, whatever second it was paid in (Stripe counts whole seconds, so time
 * cannot tell a payment Hound applied just before the deletion from one made just after).
 *
 * What Hound writes for a payment it applied, and which survives the account's deletion:
 * - a plan invoice: its credits in the ledger (`invoice:<id>`, or `trial:<customer>` with ref = the invoice)
 *   and, when it took money, its receipt's notice (`receipt:<invoice>`) — the notice also stays after a
 *   deleted account's delivered order is purged;
 * - an Email Plus invoice: its order (`invoice_id`) or its refunded duplicate (`email_plus_duplicates`);
 * - a one-off checkout: a credit pack's ledger entry (`checkout:<session>`) or an old one-off Email Plus order
 *   (`checkout_id`, `payment_intent_id`).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingNotices, creditLedger, emailPlusDuplicates, emailPlusOrders } from '../../db/schema/index.ts';

async function inLedger(db: Database, ref: string, keys: string[]): Promise<boolean> {
  const rows = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(inArray(creditLedger.idempotencyKey, keys), eq(creditLedger.ref, ref)))
    .limit(1);
  return rows.length > 0;
}

async function inOrders(db: Database, match: ReturnType<typeof or>): Promise<boolean> {
  const rows = await db.select({ id: emailPlusOrders.id }).from(emailPlusOrders).where(match).limit(1);
  return rows.length > 0;
}

/** A paid subscription invoice Hound applied: credits, receipt, order or refunded duplicate. */
export async function isRecordedInvoice(
  db: Database,
  customerId: string,
  invoiceId: string,
  intents: string[],
): Promise<boolean> {
  if (await inLedger(db, invoiceId, [`invoice:${invoiceId}`, `trial:${customerId}`])) return true;
  const [notice] = await db
    .select({ key: billingNotices.key })
    .from(billingNotices)
    .where(eq(billingNotices.key, `receipt:${invoiceId}`));
  if (notice) return true;
  const byIntent = intents.length > 0 ? inArray(emailPlusOrders.paymentIntentId, intents) : undefined;
  if (await inOrders(db, or(eq(emailPlusOrders.invoiceId, invoiceId), byIntent))) return true;
  const duplicateByIntent = intents.length > 0 ? inArray(emailPlusDuplicates.paymentIntentId, intents) : undefined;
  const [duplicate] = await db
    .select({ id: emailPlusDuplicates.subscriptionId })
    .from(emailPlusDuplicates)
    .where(or(eq(emailPlusDuplicates.invoiceId, invoiceId), duplicateByIntent))
    .limit(1);
  return duplicate !== undefined;
}

/** A one-off checkout payment Hound applied: a credit pack or an old one-off Email Plus order. */
export async function isRecordedCheckout(db: Database, sessionId: string, intent: string): Promise<boolean> {
  if (await inLedger(db, sessionId, [`checkout:${sessionId}`])) return true;
  return inOrders(db, or(eq(emailPlusOrders.checkoutId, sessionId), eq(emailPlusOrders.paymentIntentId, intent)));
}
