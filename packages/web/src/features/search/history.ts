/** Recent searches (spec 000 §4): at most 10, newest first; a repeated name replaces its entry in place. */
import { type KeyValueStore, readKey, STORAGE_KEYS, writeKey } from '../../lib/storage.ts';

export const HISTORY_LIMIT = 10;

export interface HistoryEntry {
  username: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  resultCount: number;
  /** The stored search, so the entry reopens its results (`/search/{id}`) instead of searching again. */
  searchId?: string;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function addToHistory(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const at = history.findIndex((h) => sameName(h.username, entry.username));
  if (at >= 0) return history.map((h, i) => (i === at ? entry : h));
  return [entry, ...history].slice(0, HISTORY_LIMIT);
}

function isEntry(value: unknown): value is HistoryEntry {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.username === 'string' &&
    v.username.length > 0 &&
    typeof v.timestamp === 'number' &&
    Number.isFinite(v.timestamp) &&
    typeof v.resultCount === 'number' &&
    Number.isFinite(v.resultCount) &&
    (v.searchId === undefined || typeof v.searchId === 'string')
  );
}

/** Reads the stored list, dropping anything malformed (the key is shared with older versions of the page). */
export function readHistory(store: KeyValueStore): HistoryEntry[] {
  const raw = readKey(store, STORAGE_KEYS.searchHistory);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

export function writeHistory(store: KeyValueStore, history: readonly HistoryEntry[]): void {
  writeKey(store, STORAGE_KEYS.searchHistory, history.length ? JSON.stringify(history) : null);
}
