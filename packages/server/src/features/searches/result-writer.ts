/**
 * The result batches of every search running in this process are written together (decision 089): a batch
 * waits while a statement is in flight, then goes with every batch that arrived meanwhile, one statement
 * for all of them. Searches flush on a shared clock (run-search.ts), so their batches arrive together.
 * Each statement starts in an event-loop turn of its own, so the requests that arrived meanwhile get in
 * between (decision 087).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BatchToStore, StoreOutcome, StoreSettled } from './store-results.ts';

/** Each batch's outcome, in order; throws only when nothing was written (see `storeBatches`). */
export type StoreBatches = (batches: BatchToStore[]) => Promise<StoreSettled[]>;

export interface ResultWriter {
  write(batch: BatchToStore): Promise<StoreOutcome | undefined>;
}

interface Waiting {
  batch: BatchToStore;
  resolve(outcome: StoreOutcome | undefined): void;
  reject(error: unknown): void;
}

/**
 * `maxItems` bounds one statement (a group takes at least one batch, however large). A search's batches
 * go in separate statements, in the order they were written. A group whose statement fails (writing
 * nothing) is written again batch by batch, so a failure fails only the batch that causes it.
 */
export function createResultWriter(store: StoreBatches, options: { maxItems?: number } = {}): ResultWriter {
  const maxItems = options.maxItems ?? 2000;
  let queue: Waiting[] = [];
  let draining = false;

  const nextGroup = (): Waiting[] => {
    const group: Waiting[] = [];
    const rest: Waiting[] = [];
    const searches = new Set<string>();
    let items = 0;
    for (const waiting of queue) {
      const { searchId, items: batchItems } = waiting.batch;
      if (searches.has(searchId) || (group.length > 0 && items + batchItems.length > maxItems)) {
        rest.push(waiting);
      } else {
        group.push(waiting);
        searches.add(searchId);
        items += batchItems.length;
      }
    }
    queue = rest;
    return group;
  };

  const write = async (group: Waiting[]) => {
    try {
      const settled = await store(group.map((w) => w.batch));
      for (const [i, waiting] of group.entries()) {
        const outcome = settled[i]!;
        if (outcome.status === 'fulfilled') waiting.resolve(outcome.value);
        else waiting.reject(outcome.reason);
      }
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else for (const waiting of group) await write([waiting]);
    }
  };

  const drain = async () => {
    draining = true;
    while (queue.length > 0) {
      await nextTurn();
      await write(nextGroup());
    }
    draining = false;
  };

  return {
    write(batch) {
      return new Promise((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        if (!draining) void drain();
      });
    },
  };
}
