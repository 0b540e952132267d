import { describe, expect, it } from 'vitest';
import { createResultWriter, type StoreBatches } from './result-writer.ts';
import type { BatchToStore, StoreSettled } from './store-results.ts';

const batch = (searchId: string, n = 1): BatchToStore => ({
  searchId,
  items: Array.from({ length: n }, (_, i) => ({ siteId: `${searchId}-${i}`, platform: 'P', json: '{}', found: false })),
});
const fulfilled = (b: BatchToStore): StoreSettled => ({
  status: 'fulfilled',
  value: { stored: [], progress: { done: b.items.length, total: 10 }, done: b.items.length, fast: true },
});

/** A store that records the searches of each statement; `hold` keeps the first statement open. */
function recordingStore(options: { failFor?: string } = {}) {
  const statements: string[][] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const store: StoreBatches = async (batches) => {
    statements.push(batches.map((b) => b.searchId));
    if (statements.length === 1) await held;
    if (batches.some((b) => b.searchId === options.failFor)) throw new Error(`cannot store ${options.failFor}`);
    return batches.map(fulfilled);
  };
  return { store, statements, release };
}

describe('result writer', () => {
  it('writes the batches that arrive while a statement is in flight in one statement, one batch per search', async () => {
    const { store, statements, release } = recordingStore();
    const writer = createResultWriter(store);
    const first = writer.write(batch('x'));
    await new Promise((r) => setImmediate(r));
    const later = [writer.write(batch('a')), writer.write(batch('b')), writer.write(batch('a', 2))];
    release();
    const outcomes = await Promise.all([first, ...later]);
    expect(outcomes.map((o) => o?.done)).toEqual([1, 1, 1, 2]);
    // a's second batch waits for a statement of its own, after its first.
    expect(statements).toEqual([['x'], ['a', 'b'], ['a']]);
  });

  it('bounds a statement by its number of results, but always takes one batch', async () => {
    const { store, statements, release } = recordingStore();
    release();
    const writer = createResultWriter(store, { maxItems: 5 });
    await Promise.all([writer.write(batch('a', 3)), writer.write(batch('b', 2)), writer.write(batch('c', 7))]);
    expect(statements).toEqual([['a', 'b'], ['c']]);
  });

  it('writes a failed group again batch by batch: only the batch that fails fails', async () => {
    const { store, statements, release } = recordingStore({ failFor: 'bad' });
    const writer = createResultWriter(store);
    const first = writer.write(batch('a'));
    await new Promise((r) => setImmediate(r));
    const good = writer.write(batch('b'));
    const bad = writer.write(batch('bad'));
    release();
    expect((await first)?.done).toBe(1);
    await expect(bad).rejects.toThrow('cannot store bad');
    expect((await good)?.done).toBe(1);
    expect(statements).toEqual([['a'], ['b', 'bad'], ['b'], ['bad']]);
    // The writer goes on after a failure.
    expect((await writer.write(batch('c')))?.done).toBe(1);
  });

  it('passes on the outcome of each batch: one rejected on the general path fails alone, without a retry', async () => {
    const statements: string[][] = [];
    const writer = createResultWriter(async (batches) => {
      statements.push(batches.map((b) => b.searchId));
      return batches.map((b) =>
        b.searchId === 'locked-fails' ? { status: 'rejected', reason: new Error('lock timeout') } : fulfilled(b),
      );
    });
    const [good, bad] = [writer.write(batch('a')), writer.write(batch('locked-fails'))];
    await expect(bad).rejects.toThrow('lock timeout');
    expect((await good)?.done).toBe(1);
    expect(statements).toEqual([['a', 'locked-fails']]);
  });

  it('starts each statement in a turn of its own, so other work gets in between', async () => {
    const order: string[] = [];
    const writer = createResultWriter(async (batches) => {
      order.push(`write ${batches.map((b) => b.searchId).join('+')}`);
      setImmediate(() => order.push('io'));
      return batches.map(fulfilled);
    });
    await Promise.all([writer.write(batch('a')), writer.write(batch('a')), writer.write(batch('a'))]);
    expect(order.slice(0, 5)).toEqual(['write a', 'io', 'write a', 'io', 'write a']);
  });
});
