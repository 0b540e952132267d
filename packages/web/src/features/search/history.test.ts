import { describe, expect, it } from 'vitest';
import { browserStore, STORAGE_KEYS } from '../../lib/storage.ts';
import { addToHistory, HISTORY_LIMIT, type HistoryEntry, readHistory, writeHistory } from './history.ts';

const h = (username: string, timestamp = 1, resultCount = 0): HistoryEntry => ({ username, timestamp, resultCount });

describe('search history (spec 000 §4)', () => {
  it('puts new searches first', () => {
    expect(addToHistory([h('a'), h('b')], h('c')).map((e) => e.username)).toEqual(['c', 'a', 'b']);
  });

  it('keeps at most 10 entries, dropping the oldest', () => {
    let list: HistoryEntry[] = [];
    for (let i = 0; i < 12; i++) list = addToHistory(list, h(`user${i}`, i));
    expect(list).toHaveLength(HISTORY_LIMIT);
    expect(list[0]!.username).toBe('user11');
    expect(list.at(-1)!.username).toBe('user2');
  });

  it('replaces a repeated name in place (case-insensitively) with the new count and time', () => {
    const list = addToHistory([h('a'), h('Bob', 1, 3), h('c')], h('bob', 9, 7));
    expect(list).toEqual([h('a'), h('bob', 9, 7), h('c')]);
  });

  it('stores under searchHistory and ignores malformed stored data', () => {
    const store = browserStore();
    writeHistory(store, [h('a', 5, 2)]);
    expect(JSON.parse(store.getItem(STORAGE_KEYS.searchHistory)!)).toEqual([h('a', 5, 2)]);
    expect(readHistory(store)).toEqual([h('a', 5, 2)]);
    store.setItem(STORAGE_KEYS.searchHistory, '{not json');
    expect(readHistory(store)).toEqual([]);
    store.setItem(STORAGE_KEYS.searchHistory, JSON.stringify([h('ok'), { username: 3 }, null]));
    expect(readHistory(store)).toEqual([h('ok')]);
    writeHistory(store, []);
    expect(store.getItem(STORAGE_KEYS.searchHistory)).toBeNull();
  });
});
