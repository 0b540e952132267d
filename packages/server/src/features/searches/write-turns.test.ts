import { describe, expect, it } from 'vitest';
import { createWriteTurns } from './write-turns.ts';

describe('write turns', () => {
  it('runs writes in order, each in its own event-loop turn, so other work gets in between', async () => {
    const turns = createWriteTurns();
    const order: string[] = [];
    const writes = [1, 2, 3].map((i) =>
      turns.run(async () => {
        order.push(`write ${i}`);
        setImmediate(() => order.push(`io after ${i}`));
        return i;
      }),
    );
    expect(await Promise.all(writes)).toEqual([1, 2, 3]);
    expect(order.slice(0, 5)).toEqual(['write 1', 'io after 1', 'write 2', 'io after 2', 'write 3']);
  });

  it('a failed write fails alone; the next one still runs', async () => {
    const turns = createWriteTurns();
    const failed = turns.run(async () => {
      throw new Error('disk full');
    });
    const next = turns.run(async () => 'stored');
    await expect(failed).rejects.toThrow('disk full');
    expect(await next).toBe('stored');
  });
});
