/**
 * Long polling (`?wait=N`, at most 30 s): the answer is held until the search ends or the time is up,
 * woken by the search bus (a username search's `done`, an email search's progress messages) and checked
 * against the database, which stays the record. Subscribed before the read, so an end between the two is
 * not missed.
 */
import type { SearchBus, SearchMessage, Unsubscribe } from '../../events/search-bus.ts';

/** Reads the search until `ended(row)` or `waitMs` pass (re-read on every message and every second). */
export async function readWhenEnded<T>(
  waitMs: number,
  subscribe: (wake: (message: SearchMessage) => void) => Promise<Unsubscribe>,
  read: () => Promise<T>,
  ended: (row: T) => boolean,
): Promise<T> {
  let row = await read();
  if (waitMs <= 0 || ended(row)) return row;
  let wake = () => {};
  const unsubscribe = await subscribe(() => wake());
  try {
    const deadline = Date.now() + waitMs;
    row = await read();
    while (!ended(row) && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(1000, deadline - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      row = await read();
    }
    return row;
  } finally {
    await unsubscribe();
  }
}

export const subscribeSearch = (bus: SearchBus, id: string) => (wake: (m: SearchMessage) => void) =>
  bus.subscribe(id, wake);
