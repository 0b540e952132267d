import { describe, expect, it } from 'vitest';
import { creditAmount } from './credit-amount.ts';

describe('admin credit amount (spec 001 §5)', () => {
  it('takes whole numbers from 1 to 1000 and falls back to 1 otherwise', () => {
    expect(creditAmount('5')).toBe(5);
    expect(creditAmount(' 1000 ')).toBe(1000);
    for (const bad of ['', '0', '1001', '2.5', 'abc', '-3', '1e2x']) expect(creditAmount(bad)).toBe(1);
  });
});
