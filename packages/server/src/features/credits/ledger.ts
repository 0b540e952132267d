/**
 * The credit ledger's one write path. A change is a conditional UPDATE of the cached balance (so it can
 * never go below zero, whatever runs in parallel) and one ledger row carrying the balance after it, in one
 * transaction; a repeated idempotency key changes nothing and answers the first result.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type CreditKind, creditLedger, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export interface CreditChange {
  userId: string;
  /** Positive to add, negative to take. */
  delta: number;
  kind: CreditKind;
  /** Unique per intended change: `invoice:<id>`, `admin:<request id>`, `reserve:<id>` … */
  idempotencyKey: string;
  reason?: string;
  actorUserId?: string;
  ref?: string;
  /** The API key of the request behind the change (decision 143). */
  apiKeyId?: string | null;
}

export interface CreditChangeResult {
  /** False when the key had been used: nothing changed this time. */
  applied: boolean;
  oldBalance: number;
  newBalance: number;
}

export const INSUFFICIENT_CREDITS = 'Not enough credits';

/** Thrown inside the transaction to undo the balance update when the key turns out to be taken. */
class KeyTaken extends Error {}

type Tx = Pick<Database, 'select' | 'update' | 'insert' | 'transaction'>;

async function previous(db: Pick<Database, 'select'>, key: string): Promise<CreditChangeResult | null> {
  const [entry] = await db.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, key));
  if (!entry) return null;
  return { applied: false, oldBalance: entry.balanceAfter - entry.delta, newBalance: entry.balanceAfter };
}

/**
 * Applies one change. Throws `CREDITS_INSUFFICIENT` (with the available count) when a negative change is
 * larger than the balance, and `NOT_FOUND` for an unknown user. Safe to call inside another transaction.
 */
export async function applyCredits(db: Tx, change: CreditChange): Promise<CreditChangeResult> {
  if (!Number.isInteger(change.delta) || change.delta === 0) throw new Error('delta must be a non-zero integer');
  const done = await previous(db, change.idempotencyKey);
  if (done) return done;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ emailSearchCredits: sql`${users.emailSearchCredits} + ${change.delta}` })
        .where(sql`${users.id} = ${change.userId} and ${users.emailSearchCredits} + ${change.delta} >= 0`)
        .returning({ balance: users.emailSearchCredits });
      if (!row) {
        const [user] = await tx
          .select({ balance: users.emailSearchCredits })
          .from(users)
          .where(eq(users.id, change.userId));
        if (!user) throw new AppError('NOT_FOUND', 'No such user.');
        throw new AppError('CREDITS_INSUFFICIENT', INSUFFICIENT_CREDITS, { available: user.balance });
      }
      const inserted = await tx
        .insert(creditLedger)
        .values({
          userId: change.userId,
          delta: change.delta,
          balanceAfter: row.balance,
          kind: change.kind,
          reason: change.reason ?? null,
          actorUserId: change.actorUserId ?? null,
          ref: change.ref ?? null,
          apiKeyId: change.apiKeyId ?? null,
          idempotencyKey: change.idempotencyKey,
        })
        .onConflictDoNothing({ target: creditLedger.idempotencyKey })
        .returning({ id: creditLedger.id });
      if (inserted.length === 0) throw new KeyTaken();
      return { applied: true, oldBalance: row.balance - change.delta, newBalance: row.balance };
    });
  } catch (error) {
    // A parallel call with the same key committed first: ours is rolled back, theirs is the answer.
    if (error instanceof KeyTaken) return (await previous(db, change.idempotencyKey))!;
    throw error;
  }
}
