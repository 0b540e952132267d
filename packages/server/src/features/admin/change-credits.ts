import { ADMIN_LIMITS, ADMIN_MESSAGES, type CreditChangeResponse } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { creditLedger } from '../../db/schema/index.ts';
import { AppError, isAppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { applyCredits } from '../credits/ledger.ts';
import { findUserForUpdate } from './find-user.ts';
import { type AdminActor, recordAudit } from './record-audit.ts';

export interface CreditChangeInput {
  email: string;
  /** As sent: must be a whole number from 1 to 1000. */
  credits: unknown;
  reason?: string;
  /** The client's `Idempotency-Key`, so a retried request changes the balance once. */
  requestKey?: string;
}

function creditAmount(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < ADMIN_LIMITS.creditsMin || n > ADMIN_LIMITS.creditsMax)
    throw new AppError('INVALID_INPUT', ADMIN_MESSAGES.creditsRange);
  return n;
}

/**
 * `POST /admin/grant-credits` and `/admin/deduct-credits`: one ledger entry and one audit entry in one
 * transaction. A deduction beyond the balance changes nothing and names the available count.
 */
export async function changeCredits(
  db: Database,
  actor: AdminActor,
  direction: 'grant' | 'deduct',
  input: CreditChangeInput,
): Promise<CreditChangeResponse> {
  const amount = creditAmount(input.credits);
  const reason =
    input.reason?.trim() ||
    (direction === 'grant' ? ADMIN_MESSAGES.defaultGrantReason : ADMIN_MESSAGES.defaultDeductReason);
  const key = `admin:${actor.user.id}:${input.requestKey ?? newId()}`;
  try {
    return await db.transaction(async (tx) => {
      const user = await findUserForUpdate(tx, input.email);
      const delta = direction === 'grant' ? amount : -amount;
      const kind = direction === 'grant' ? 'admin_grant' : 'admin_deduct';
      const result = await applyCredits(tx, {
        userId: user.id,
        delta,
        kind,
        idempotencyKey: key,
        reason,
        actorUserId: actor.user.id,
      });
      if (!result.applied) {
        // A repeated key answers its first result only for the same request (issue 38 item 5): the same
        // user, direction and amount. Anything else is another request and must not be answered as done.
        const [first] = await tx.select().from(creditLedger).where(eq(creditLedger.idempotencyKey, key));
        if (first?.userId !== user.id || first.kind !== kind || first.delta !== delta) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', ADMIN_MESSAGES.keyReused);
        }
      }
      if (result.applied) {
        await recordAudit(tx, actor, {
          action: direction === 'grant' ? 'credits.grant' : 'credits.deduct',
          target: user,
          before: { credits: result.oldBalance },
          after: { credits: result.newBalance },
          reason,
        });
      }
      return { old_credits: result.oldBalance, new_credits: result.newBalance };
    });
  } catch (error) {
    if (isAppError(error, 'CREDITS_INSUFFICIENT'))
      throw new AppError(
        'CREDITS_INSUFFICIENT',
        ADMIN_MESSAGES.insufficientCredits.replace('{available}', String(error.available ?? 0)),
        { available: error.available ?? 0 },
      );
    throw error;
  }
}
