import type { WatchCadence, WatchKind } from '@hound/contracts';
import type { UserRow } from '../../db/schema/index.ts';
import type { WatchConfig, WatchPlan } from '../../env.ts';
import { CADENCE_ORDER, cadencesFrom } from './schedule.ts';

/** Trial and premium are the paid plan (decision 140). */
export function planOf(plan: UserRow['plan'], config: WatchConfig): WatchPlan {
  return plan === 'free' ? config.free : config.paid;
}

export function slotsOf(plan: WatchPlan, kind: WatchKind): number {
  return kind === 'username' ? plan.usernameSlots : plan.emailSlots;
}

export function cadencesOf(plan: WatchPlan, kind: WatchKind, config: WatchConfig): WatchCadence[] {
  if (kind === 'username') return cadencesFrom(plan.fastest);
  // Email watches: never faster than the email cadence, nor than the plan's own.
  const index = Math.max(CADENCE_ORDER.indexOf(plan.fastest), CADENCE_ORDER.indexOf(config.emailFastest));
  return cadencesFrom(CADENCE_ORDER[index]!);
}

/** The default cadence of a new watch: daily where the plan allows it, else the plan's fastest. */
export function defaultCadence(plan: WatchPlan, kind: WatchKind, config: WatchConfig): WatchCadence {
  const allowed = cadencesOf(plan, kind, config);
  return allowed.includes('daily') ? 'daily' : allowed[0]!;
}

export interface CoverageInput {
  id: string;
  kind: WatchKind;
  target: string;
  cadence: WatchCadence;
  createdAt: Date;
}

/**
 * Which of a user's watches the plan covers: per kind the oldest ones up to the plan's slots, at a cadence
 * the plan allows, and (email) the user's own address unless the plan allows others. The rest is suspended,
 * never deleted.
 */
export function coveredWatches(
  list: readonly CoverageInput[],
  plan: WatchPlan,
  ownEmail: string,
  config: WatchConfig,
): Set<string> {
  const covered = new Set<string>();
  for (const kind of ['username', 'email'] as const) {
    const allowed = cadencesOf(plan, kind, config);
    const mine = list
      .filter((w) => w.kind === kind)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    mine.slice(0, slotsOf(plan, kind)).forEach((w) => {
      if (!allowed.includes(w.cadence)) return;
      if (kind === 'email' && !plan.otherAddresses && w.target !== ownEmail.toLowerCase()) return;
      covered.add(w.id);
    });
  }
  return covered;
}
