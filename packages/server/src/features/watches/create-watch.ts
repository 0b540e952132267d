import {
  type CreateWatchRequest,
  emailSearchProblem,
  WATCH_LIMITS,
  WATCH_MESSAGES,
  type Watch,
} from '@hound/contracts';
import { and, count, eq } from 'drizzle-orm';
import { users, watches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';
import { type AdminActor, recordAudit } from '../admin/record-audit.ts';
import { CATALOGUES_LOADING_MESSAGE, CATALOGUES_UNAVAILABLE_MESSAGE } from '../searches/search-messages.ts';
import { checkScope } from '../searches/start-search.ts';
import { validateUsername } from '../searches/validate-username.ts';
import { describeWatches } from './describe-watches.ts';
import type { WatchDeps } from './watch-deps.ts';
import { cadencesOf, defaultCadence, planOf, slotsOf } from './watch-plan.ts';

/**
 * Creates a watch for the signed-in user (decision 140): the target checked as a search's would be, a purpose
 * required, a free slot of its kind on the user's plan and a cadence the plan allows; an address other than
 * the user's own only on a paid plan. Its first run (the silent baseline) is due at once. Audited.
 */
export async function createWatch(deps: WatchDeps, actor: AdminActor, input: CreateWatchRequest): Promise<Watch> {
  const userId = actor.user.id;
  const purpose = input.purpose.trim();
  if (purpose.length < WATCH_LIMITS.purposeMin || purpose.length > WATCH_LIMITS.purposeMax) {
    throw new AppError('INVALID_INPUT', WATCH_MESSAGES.purposeRequired);
  }
  let target: string;
  let scope: Watch['scope'] = null;
  if (input.kind === 'username') {
    target = validateUsername(input.target);
    if (input.scope) {
      // Checked as a search's would be (an unknown site or an empty selection is a 422, nothing stored); a
      // scope cannot be checked before the catalogues load, so it is refused then rather than stored unchecked.
      const engine = deps.engines.current();
      if (!engine) {
        const unavailable = deps.engines.state().unavailable;
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          unavailable ? CATALOGUES_UNAVAILABLE_MESSAGE : CATALOGUES_LOADING_MESSAGE,
        );
      }
      scope = checkScope(engine, input.scope).stored;
    }
  } else {
    const problem = emailSearchProblem(input.target);
    if (problem) throw new AppError('EMAIL_ADDRESS_INVALID', problem);
    target = input.target.trim().toLowerCase();
  }
  const now = deps.now();
  const id = newId();
  const row = await deps.db.transaction(async (tx) => {
    // The user row is the lock: two creations at once count each other's slot.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('AUTH_REQUIRED', 'Sign in again.');
    const plan = planOf(user.plan, deps.config);
    const cadences = cadencesOf(plan, input.kind, deps.config);
    const cadence = input.cadence ?? defaultCadence(plan, input.kind, deps.config);
    if (!cadences.includes(cadence)) throw new AppError('WATCH_PLAN_LIMIT', WATCH_MESSAGES.cadence);
    if (input.kind === 'email' && !plan.otherAddresses && target !== user.email) {
      throw new AppError('WATCH_PLAN_LIMIT', WATCH_MESSAGES.ownAddressOnly);
    }
    const [used] = await tx
      .select({ n: count() })
      .from(watches)
      .where(and(eq(watches.userId, userId), eq(watches.kind, input.kind)));
    if ((used?.n ?? 0) >= slotsOf(plan, input.kind)) throw new AppError('WATCH_PLAN_LIMIT', WATCH_MESSAGES.slots);
    const [inserted] = await tx
      .insert(watches)
      .values({
        id,
        userId,
        kind: input.kind,
        target,
        label: input.label?.trim() ?? '',
        purpose,
        scope,
        adult: input.kind === 'email' && input.adult === true,
        cadence,
        notifyMail: input.notify?.mail ?? true,
        notifyWebhook: input.notify?.webhook ?? false,
        nextRunAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new AppError('WATCH_EXISTS', WATCH_MESSAGES.exists);
    await recordAudit(tx, actor, {
      action: 'watch.create',
      target: { id: userId, email: user.email },
      after: { watch: id, kind: input.kind, target, cadence, purpose },
    });
    return inserted;
  });
  deps.log.info({ watchId: id }, 'watch created');
  return (await describeWatches(deps.db, [row], now))[0]!;
}
