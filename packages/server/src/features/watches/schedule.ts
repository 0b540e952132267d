import { createHash } from 'node:crypto';
import { CADENCE_HOURS, WATCH_CADENCES, type WatchCadence } from '@hound/contracts';

export const cadenceMs = (cadence: WatchCadence): number => CADENCE_HOURS[cadence] * 3600_000;

/** A stable number in [0, range) from the watch's id. */
export function phaseMs(watchId: string, range: number): number {
  return createHash('sha256').update(watchId).digest().readUIntBE(0, 6) % range;
}

const DAY_MS = 24 * 3600_000;

/**
 * The watch's fixed jitter (decision 158): an offset in (−span, 0] with span half the period, at most a day,
 * from a hash of its id — so watches created together (an API script, a bench) spread over a day (weekly) or
 * half the period (daily, 6 h), each keeps its own time every period, and a run is never later than one
 * period after the slot before it.
 */
export function jitterMs(watchId: string, periodMs: number): number {
  return -phaseMs(watchId, Math.min(Math.floor(periodMs / 2), DAY_MS));
}

/**
 * The first run time of the watch's schedule strictly after `after`: one claim per period. The schedule
 * counts from the watch's creation (decision 158): its first run is the baseline, at once; the next ones at
 * `created + k × period + jitter` for k ≥ 1 — a weekly watch made on a Sunday runs again about a week later,
 * not on the next calendar week's first day.
 * `k` counts from 1 so the run after the baseline is at least half a period away.
 */
export function nextRunAfter(watch: { id: string; createdAt: Date }, cadence: WatchCadence, after: Date): Date {
  const period = cadenceMs(cadence);
  const anchor = watch.createdAt.getTime() + jitterMs(watch.id, period);
  const k = Math.max(1, Math.floor((after.getTime() - anchor) / period) + 1);
  return new Date(anchor + k * period);
}

/** Cadences from fastest to slowest. */
export const CADENCE_ORDER: readonly WatchCadence[] = ['6h', 'daily', 'weekly'];

/** The cadences a plan allows: its fastest one and every slower one. */
export function cadencesFrom(fastest: WatchCadence): WatchCadence[] {
  return CADENCE_ORDER.slice(CADENCE_ORDER.indexOf(fastest));
}

export const isCadence = (value: string): value is WatchCadence =>
  (WATCH_CADENCES as readonly string[]).includes(value);
