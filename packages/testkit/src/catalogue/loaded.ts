import type { SiteEntry } from '../site/entry.ts';
import type { Skipped } from '../types.ts';

/** What a catalogue loader returns: servable entries plus the ones it had to skip. */
export interface LoadedCatalogue {
  entries: SiteEntry[];
  skipped: Skipped[];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
