import { createHash } from 'node:crypto';
import { CADENCE_HOURS, WATCH_CADENCES, type WatchCadence } from '@hound/contracts';

export const cadenceMs = (cadence: WatchCadence): number => CADENCE_HOURS[cadence] * 3600_000;

/**
 * A watch's fixed offset within its period (from its id), so a thousand daily watches spread over the day
 * instead of all running at midnight, and each runs at the same time every period.
 */
export function phaseMs(watchId: string, periodMs: number): number {
  return createHash('sha256').update(watchId).digest().readUIntBE(0, 6) % periodMs;
}

/** The first run time of the watch's schedule strictly after `after`: one claim per period. */
export function nextRunAfter(watchId: string, cadence: WatchCadence, after: Date): Date {
  const period = cadenceMs(cadence);
  const phase = phaseMs(watchId, period);
  const k = Math.floor((after.getTime() - phase) / period) + 1;
  return new Date(phase + k * period);
}

/** Cadences from fastest to slowest. */
export const CADENCE_ORDER: readonly WatchCadence[] = ['6h', 'daily', 'weekly'];

/** The cadences a plan allows: its fastest one and every slower one. */
export function cadencesFrom(fastest: WatchCadence): WatchCadence[] {
  return CADENCE_ORDER.slice(CADENCE_ORDER.indexOf(fastest));
}

export const isCadence = (value: string): value is WatchCadence =>
  (WATCH_CADENCES as readonly string[]).includes(value);
