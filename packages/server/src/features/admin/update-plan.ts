import { ADMIN_MESSAGES, type Plan } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { billingAccounts, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { applyCredits } from '../credits/ledger.ts';
import { findUserForUpdate } from './find-user.ts';
import { type AdminActor, recordAudit } from './record-audit.ts';

/** Subscription states in which Stripe decides the plan (the sync's "live"). */
export const LIVE_SUBSCRIPTION = ['trialing', 'active', 'past_due'];

/** What a plan set by hand grants, once, on the change (decision 109). */
export interface PlanAllowance {
  trial: number;
  premium: number;
}

/**
 * Sets a user's plan by hand (decision 109). Refused (409 `ADMIN_PLAN_FROM_STRIPE`) while the user has a
 * running Stripe subscription: their plan follows it, and a hand-set plan would show the customer a plan
 * and buttons Stripe contradicts. Otherwise `plan_source` becomes `admin`, and a change to trial or premium
 * grants that plan's allowance once (no renewal: nothing is charged). Plan, credits and audit commit together.
 */
export async function updatePlan(
  db: Database,
  actor: AdminActor,
  input: { email: string; plan: Plan },
  allowance: PlanAllowance,
): Promise<{ email: string; old_plan: Plan; plan: Plan; credits_granted: number; credits: number }> {
  return db.transaction(async (tx) => {
    const user = await findUserForUpdate(tx, input.email);
    const [account] = await tx
      .select({ status: billingAccounts.subscriptionStatus })
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, user.id));
    if (account?.status && LIVE_SUBSCRIPTION.includes(account.status)) {
      throw new AppError('ADMIN_PLAN_FROM_STRIPE', ADMIN_MESSAGES.planPaidThroughStripe);
    }
    await tx
      .update(users)
      .set({ plan: input.plan, planSource: 'admin', updatedAt: new Date() })
      .where(eq(users.id, user.id));
    const grant = input.plan !== user.plan && input.plan !== 'free' ? allowance[input.plan] : 0;
    let credits = user.emailSearchCredits;
    if (grant > 0) {
      const result = await applyCredits(tx, {
        userId: user.id,
        delta: grant,
        kind: 'admin_grant',
        idempotencyKey: `admin-plan:${actor.user.id}:${newId()}`,
        reason: ADMIN_MESSAGES.planGrantReason,
        actorUserId: actor.user.id,
      });
      credits = result.newBalance;
    }
    await recordAudit(tx, actor, {
      action: 'user.plan.update',
      target: user,
      before: { plan: user.plan, plan_source: user.planSource, credits: user.emailSearchCredits },
      after: { plan: input.plan, plan_source: 'admin', credits },
    });
    return { email: user.email, old_plan: user.plan, plan: input.plan, credits_granted: grant, credits };
  });
}
