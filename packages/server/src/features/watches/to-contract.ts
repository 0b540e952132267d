import type { Watch, WatchEvent, WatchRun } from '@hound/contracts';
import type { WatchEventRow, WatchRow, WatchRunRow } from '../../db/schema/index.ts';

export function toWatchRun(row: WatchRunRow): WatchRun {
  return {
    id: row.id,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    complete: row.complete,
    counts: { found: row.found, not_found: row.notFound, unknown: row.unknown, invalid: row.invalid },
    events: row.events,
    search_id: row.searchId,
  };
}

export function toWatchEvent(row: WatchEventRow): WatchEvent {
  return {
    id: row.id,
    watch_id: row.watchId,
    run_id: row.runId,
    type: row.type as WatchEvent['type'],
    site: row.site,
    site_name: row.siteName,
    detail: row.detail,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/** How soon a person may run a watch by hand again: once an hour (decision 139). */
export const MANUAL_RUN_EVERY_MS = 3600_000;

export function toWatch(
  row: WatchRow,
  extra: { lastRun: WatchRunRow | undefined; newEvents: number; present: number; now: Date },
): Watch {
  const manualAt = row.lastManualRunAt ? row.lastManualRunAt.getTime() + MANUAL_RUN_EVERY_MS : 0;
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    label: row.label,
    purpose: row.purpose,
    cadence: row.cadence,
    status: row.status,
    scope: row.scope,
    adult: row.adult,
    notify: { mail: row.notifyMail, webhook: row.notifyWebhook },
    created_at: row.createdAt.toISOString(),
    baseline_at: row.baselineAt?.toISOString() ?? null,
    last_run: extra.lastRun ? toWatchRun(extra.lastRun) : null,
    next_run_at: row.status === 'active' ? row.nextRunAt.toISOString() : null,
    running: row.openRunId !== null,
    new_events: extra.newEvents,
    present: extra.present,
    breaches: row.breaches ?? [],
    run_available_at: manualAt > extra.now.getTime() ? new Date(manualAt).toISOString() : null,
  };
}
