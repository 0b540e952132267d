/**
 * Settling a run: the diff (`@hound/engine`'s watch rules) applied to the watch's baseline, its events stored,
 * the immediate ones mailed through the outbox — all in one transaction that first closes the run, so a run
 * is settled once whichever process gets there first (a worker's completion, the pass, a restart).
 */

import { CADENCE_HOURS } from '@hound/contracts';
import {
  applyConfirmation,
  applyRun,
  diffBreaches,
  IMMEDIATE_EVENTS,
  isRunComplete,
  undecidedLimitFor,
  type WatchEventDraft,
  type WatchObservation,
} from '@hound/engine';
import { and, eq, isNull } from 'drizzle-orm';
import { users, type WatchRow, type WatchRunRow, watchEvents, watches, watchRuns } from '../../db/schema/index.ts';
import { newId } from '../../ids.ts';
import { watchAlertMail } from '../../mail/templates/watch-mails.ts';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.ts';
import { watchLinks } from './mail-links.ts';
import { toWatchEvent } from './to-contract.ts';
import type { WatchDeps } from './watch-deps.ts';
import { loadStates, saveStates } from './watch-state.ts';

export interface RunResults {
  /** The run's searches (or checks) ran to their end. */
  finished: boolean;
  target: readonly WatchObservation[];
  /** Confirmation runs: a never-registered name's (or address's) verdicts on the same sites. */
  control?: readonly WatchObservation[];
  /** Email runs: breach names the breach check returned; null when it did not decide. */
  breaches?: string[] | null;
}

function counts(observations: readonly WatchObservation[]) {
  const c = { found: 0, notFound: 0, unknown: 0, invalid: 0 };
  for (const o of observations) {
    if (o.verdict === 'found') c.found++;
    else if (o.verdict === 'not_found') c.notFound++;
    else if (o.verdict === 'unknown') c.unknown++;
    else c.invalid++;
  }
  return c;
}

/** Applies a finished (or abandoned) run. Answers the events it stored, or null when it was settled already. */
export async function settleRun(
  deps: WatchDeps,
  run: WatchRunRow,
  watch: WatchRow,
  results: RunResults,
): Promise<WatchEventDraft[] | null> {
  const now = deps.now();
  const at = now.toISOString();
  const previous = await loadStates(deps.db, watch.id);
  let outcome: { states: typeof previous; changed: Set<string>; events: WatchEventDraft[]; confirm?: string[] };
  let complete: boolean;
  let baseline = false;
  let breaches = watch.breaches;
  if (run.kind === 'confirm') {
    complete = results.finished && results.target.length > 0 && (results.control?.length ?? 0) > 0;
    outcome = applyConfirmation(previous, { complete, at, target: results.target, control: results.control ?? [] });
  } else {
    complete = isRunComplete(results.finished, results.target);
    const applied = applyRun(
      previous,
      { complete, at, observations: results.target, baselineDone: watch.baselineAt !== null },
      { undecidedLimit: undecidedLimitFor(CADENCE_HOURS[watch.cadence]), absentRuns: 2 },
    );
    outcome = applied;
    baseline = applied.baseline;
    if (complete && results.breaches !== undefined) {
      const diff = diffBreaches(watch.breaches, results.breaches);
      breaches = diff.names;
      for (const name of diff.added)
        outcome.events.push({ type: 'new_breach', site: 'hibp', detail: { breach: name } });
    }
  }
  const confirmDue =
    run.kind !== 'confirm' && (outcome.confirm?.length ?? 0) > 0
      ? new Date(now.getTime() + deps.config.confirmDelayMs)
      : null;
  const immediate = outcome.events.filter((e) => IMMEDIATE_EVENTS.has(e.type));
  const [owner] = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, watch.userId));
  const links = immediate.length > 0 && watch.notifyMail ? await watchLinks(deps, watch.id) : undefined;
  const c = counts(results.target);
  let webhooks = 0;

  const settled = await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(watchRuns)
      .set({ finishedAt: now, complete, ...c, events: outcome.events.length, leaseUntil: null })
      .where(and(eq(watchRuns.id, run.id), isNull(watchRuns.finishedAt)))
      .returning({ id: watchRuns.id });
    if (!closed) return false;
    await saveStates(tx, watch.id, outcome.states, outcome.changed);
    const rows = outcome.events.map((e) => ({
      id: newId(),
      watchId: watch.id,
      runId: run.id,
      type: e.type,
      site: e.site ?? null,
      siteName: e.siteName ?? null,
      detail: e.detail,
      // The baseline's summary is not news: it is in the timeline, already seen, and not on the new-event badge.
      status: e.type === 'baseline' ? ('seen' as const) : ('new' as const),
      immediate: IMMEDIATE_EVENTS.has(e.type),
      // Immediate events are told now (or not at all, when the watch does not mail); the rest wait for the digest.
      notifiedAt: IMMEDIATE_EVENTS.has(e.type) ? now : null,
      createdAt: now,
    }));
    if (rows.length > 0) await tx.insert(watchEvents).values(rows);
    // Webhooks hear every event as it happens (signed, retried: the delivery queue of decision 142).
    if (watch.notifyWebhook) {
      for (const row of rows) {
        webhooks += await enqueueWebhookEvent(tx, {
          userId: watch.userId,
          type: 'watch.event',
          data: {
            watch: { id: watch.id, kind: watch.kind, target: watch.target, label: watch.label },
            event: toWatchEvent(row),
          },
        });
      }
    }
    await tx
      .update(watches)
      .set({
        openRunId: null,
        lastRunId: run.id,
        updatedAt: now,
        breaches,
        ...(baseline ? { baselineAt: now } : {}),
        ...(confirmDue ? { confirmDueAt: confirmDue } : {}),
      })
      .where(and(eq(watches.id, watch.id), eq(watches.openRunId, run.id)));
    if (links && owner) {
      await deps.mailer.enqueue(
        tx,
        watchAlertMail(owner.email, {
          brand: deps.options.brand,
          publicUrl: deps.options.publicUrl,
          language: owner.language,
          watch,
          events: immediate,
          links,
        }),
      );
    }
    return true;
  });
  if (!settled) return null;
  if (links) deps.mailer.flush();
  if (webhooks > 0) deps.webhooks?.flush();
  return outcome.events;
}
