/**
 * The watch pass (decision 139), run every WATCH_PASS_SECONDS by each API process's background: settle runs
 * whose work ended, suspend or resume watches as plans change, claim due watches while fewer than
 * WATCH_ACTIVE_RUNS runs are open, and send the digests that fell due. Every step is safe to run in several
 * processes at once; each is also callable alone (tests move the clock and call `runWatchPass`).
 */
import { claimDue } from './claim-due.ts';
import { runningEmailRuns } from './launch-run.ts';
import { reconcilePlans } from './reconcile-plans.ts';
import { sendDigests } from './send-digests.ts';
import { settleOpenRuns } from './settle-open-runs.ts';
import type { WatchDeps } from './watch-deps.ts';

export interface PassOutcome {
  open: number;
  claimed: number;
  digests: number;
}

export async function runWatchPass(deps: WatchDeps): Promise<PassOutcome> {
  const open = await settleOpenRuns(deps);
  await reconcilePlans(deps);
  const claimed = await claimDue(deps, deps.config.activeRuns - open);
  const digests = await sendDigests(deps);
  return { open, claimed: claimed.length, digests };
}

/** Waits for the email runs this process is running (tests; shutdown aborts them first). */
export async function emailRunsDone(deps: Pick<WatchDeps, 'db'>): Promise<void> {
  await Promise.all([...runningEmailRuns(deps.db).values()].map((r) => r.done));
}

export interface WatchScheduler {
  stop(): Promise<void>;
}

/** Runs the pass every `passMs`, never two at once in this process. */
export function startWatchScheduler(deps: WatchDeps): WatchScheduler {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = runWatchPass(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'watch pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, deps.config.passMs);
  timer.unref();
  const first = setTimeout(tick, Math.min(1000, deps.config.passMs));
  first.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      for (const run of runningEmailRuns(deps.db).values()) run.controller.abort();
      await running;
      await emailRunsDone(deps);
    },
  };
}
