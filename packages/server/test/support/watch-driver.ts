/**
 * Drives watches in tests without sleeping through their schedule: a clock the test moves, the watch deps
 * of a stack on that clock, and a pass loop that runs until every open run has settled (the searches
 * themselves run for real, against the simulated internet).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createWatchDeps, type WatchDeps } from '../../src/features/watches/watch-deps.ts';
import { emailRunsDone, type PassOutcome, runWatchPass } from '../../src/features/watches/watch-pass.ts';
import type { Stack } from './stacks.ts';

export class TestClock {
  constructor(public at: Date) {}
  now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
  set(iso: string): void {
    this.at = new Date(iso);
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function watchDepsOf(stack: Stack, clock: TestClock): WatchDeps {
  const { services, config } = stack;
  return createWatchDeps(
    {
      db: services.db.db,
      queue: services.queue,
      engines: services.engines,
      mailer: services.mailer,
      log: services.log,
      now: clock.now,
    },
    {
      watches: config.watches,
      brand: 'Hound',
      publicUrl: config.publicUrl,
      email: { loud: false, keys: config.email.keys },
      authSecret: config.auth.secret,
    },
  );
}

/**
 * Passes until nothing is open and nothing more is due at this clock time: each pass settles what ended,
 * claims what is due; in between, the runs' searches (or email checks) run.
 */
export async function passUntilSettled(deps: WatchDeps, timeoutMs = 60_000): Promise<PassOutcome[]> {
  const end = Date.now() + timeoutMs;
  const outcomes: PassOutcome[] = [];
  for (;;) {
    const outcome = await runWatchPass(deps);
    outcomes.push(outcome);
    await emailRunsDone(deps);
    if (outcome.open === 0 && outcome.claimed === 0) return outcomes;
    if (Date.now() > end) throw new Error(`passUntilSettled: still open after ${timeoutMs} ms`);
    await sleep(outcome.claimed > 0 ? 10 : 40);
  }
}
