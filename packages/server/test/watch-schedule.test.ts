/**
 * A watch's schedule counts from its creation (decision 158): the baseline at once, the next run about one
 * period later (a fixed per-watch jitter: up to a day, or half the period, earlier), then one run per period
 * on the same grid — never the first day of the next calendar week.
 */
import { describe, expect, it } from 'vitest';
import { cadenceMs, jitterMs, nextRunAfter } from '../src/features/watches/schedule.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const id = (i: number) => `watch-${i.toString(36).padStart(6, '0')}`;

describe('watch schedule', () => {
  it('a weekly watch made on a Sunday runs next about a week later, not on Monday', () => {
    const createdAt = new Date('2026-03-01T15:00:00Z'); // a Sunday
    for (let i = 0; i < 200; i++) {
      const next = nextRunAfter({ id: id(i), createdAt }, 'weekly', createdAt).getTime() - createdAt.getTime();
      expect(next).toBeGreaterThan(6 * DAY);
      expect(next).toBeLessThanOrEqual(7 * DAY);
    }
  });

  it('daily and 6 h watches: the next run about one period after creation', () => {
    const createdAt = new Date('2026-03-04T09:30:00Z');
    for (let i = 0; i < 200; i++) {
      const daily = nextRunAfter({ id: id(i), createdAt }, 'daily', createdAt).getTime() - createdAt.getTime();
      expect(daily).toBeGreaterThan(12 * HOUR);
      expect(daily).toBeLessThanOrEqual(DAY);
      const six = nextRunAfter({ id: id(i), createdAt }, '6h', createdAt).getTime() - createdAt.getTime();
      expect(six).toBeGreaterThan(3 * HOUR);
      expect(six).toBeLessThanOrEqual(6 * HOUR);
    }
  });

  it('watches made at the same instant spread out, each with its own fixed time', () => {
    const createdAt = new Date('2026-03-04T09:00:00Z');
    const weekly = new Array<number>(24).fill(0);
    const daily = new Array<number>(24).fill(0);
    for (let i = 0; i < 1000; i++) {
      weekly[nextRunAfter({ id: id(i), createdAt }, 'weekly', createdAt).getUTCHours()]! += 1;
      daily[nextRunAfter({ id: id(i), createdAt }, 'daily', createdAt).getUTCHours()]! += 1;
      expect(jitterMs(id(i), cadenceMs('daily'))).toBe(jitterMs(id(i), cadenceMs('daily')));
    }
    // Weekly: over the whole day, about 42 an hour, none empty and none a crowd.
    expect(Math.min(...weekly)).toBeGreaterThan(15);
    expect(Math.max(...weekly)).toBeLessThan(75);
    // Daily: over the twelve hours before the creation's hour (21:00–09:00), about 83 an hour.
    const inWindow = daily.filter((_, h) => h >= 21 || h <= 9);
    expect(inWindow.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Math.min(...daily.filter((_, h) => h >= 21 || h < 9))).toBeGreaterThan(40);
  });

  it('one slot per period on a fixed grid: claimed at its slot (or late), the next is one period on', () => {
    const createdAt = new Date('2026-03-01T15:00:00Z');
    const watch = { id: id(7), createdAt };
    const first = nextRunAfter(watch, 'weekly', createdAt);
    const second = nextRunAfter(watch, 'weekly', first);
    expect(second.getTime() - first.getTime()).toBe(7 * DAY);
    // Claimed three hours late: still the same grid, one period on.
    expect(nextRunAfter(watch, 'weekly', new Date(first.getTime() + 3 * HOUR)).getTime()).toBe(second.getTime());
    // Resumed after a month's pause: the next slot after now, on the same grid.
    const resumed = new Date(first.getTime() + 30 * DAY);
    const after = nextRunAfter(watch, 'weekly', resumed).getTime();
    expect(after).toBeGreaterThan(resumed.getTime());
    expect(after - resumed.getTime()).toBeLessThanOrEqual(7 * DAY);
    expect((after - first.getTime()) % (7 * DAY)).toBe(0);
  });
});
