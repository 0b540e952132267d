/**
 * An email watch's run, in the process that claimed it (email checks run where email searches run: in the
 * API process). Nothing is stored but the diff: no email search row, no credit (watches are slots, not
 * per-run charges: decision 140). A confirmation run also asks a never-registered address at the same domain.
 */
import { type EmailResult, observationOf, randomUsername } from '@hound/engine';
import type { WatchRow, WatchRunRow } from '../../db/schema/index.ts';
import { breachNamesOf } from './observations.ts';
import { settleRun } from './settle-run.ts';
import type { WatchDeps } from './watch-deps.ts';

async function checkAddress(
  deps: WatchDeps,
  address: string,
  options: { adult: boolean; checks?: string[]; signal: AbortSignal },
): Promise<{ results: EmailResult[]; finished: boolean }> {
  const lease = deps.engines.forEmail().lease();
  if (!lease) return { results: [], finished: false };
  const results: EmailResult[] = [];
  try {
    for await (const { result } of lease.engine.searchEmail(address, {
      loud: deps.options.email.loud,
      adult: options.adult,
      keys: deps.options.email.keys,
      signal: options.signal,
      ...(options.checks ? { checks: options.checks } : {}),
    })) {
      results.push(result);
    }
    return { results, finished: !options.signal.aborted };
  } catch {
    return { results, finished: false };
  } finally {
    lease.release();
  }
}

export async function runEmailWatch(deps: WatchDeps, run: WatchRunRow, watch: WatchRow, signal: AbortSignal) {
  const checks = run.kind === 'confirm' ? (run.sites ?? []) : undefined;
  const target = await checkAddress(deps, watch.target, { adult: watch.adult, signal, ...(checks ? { checks } : {}) });
  if (run.kind !== 'confirm') {
    return settleRun(deps, run, watch, {
      finished: target.finished,
      target: target.results.map(observationOf),
      breaches: target.finished ? breachNamesOf(target.results) : null,
    });
  }
  const domain = watch.target.slice(watch.target.lastIndexOf('@') + 1);
  const control = await checkAddress(deps, `${randomUsername()}@${domain}`, {
    adult: watch.adult,
    signal,
    ...(checks ? { checks } : {}),
  });
  return settleRun(deps, run, watch, {
    finished: target.finished && control.finished,
    target: target.results.map(observationOf),
    control: control.results.map(observationOf),
  });
}
