import type { Plan } from '@hound/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { findUserForUpdate } from './find-user.ts';
import { type AdminActor, recordAudit } from './record-audit.ts';

/**
 * Sets a user's plan by hand. `plan_source` becomes `admin`, so a later payment-state sync knows an admin
 * decided (billing records the conflict rather than silently undoing it).
 */
export async function updatePlan(
  db: Database,
  actor: AdminActor,
  input: { email: string; plan: Plan },
): Promise<{ email: string; old_plan: Plan; plan: Plan }> {
  return db.transaction(async (tx) => {
    const user = await findUserForUpdate(tx, input.email);
    await tx
      .update(users)
      .set({ plan: input.plan, planSource: 'admin', updatedAt: new Date() })
      .where(eq(users.id, user.id));
    await recordAudit(tx, actor, {
      action: 'user.plan.update',
      target: user,
      before: { plan: user.plan, plan_source: user.planSource },
      after: { plan: input.plan, plan_source: 'admin' },
    });
    return { email: user.email, old_plan: user.plan, plan: input.plan };
  });
}
