import { DEFAULT_AMOUNTS } from '@hound/contracts';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format-money.ts';

describe('formatMoney', () => {
  it('writes pence as pounds in the page locale', () => {
    expect(formatMoney(DEFAULT_AMOUNTS.monthly, 'en-GB')).toBe('£15.00');
    expect(formatMoney(DEFAULT_AMOUNTS.trial, 'en-GB')).toBe('£1.99');
    expect(formatMoney(DEFAULT_AMOUNTS.plus, 'en-GB')).toBe('£24.99');
    expect(formatMoney({ amount: 1499, currency: 'GBP' }, 'tr-TR')).toMatch(/^£14,99$/);
  });

  it('knows currencies without a minor unit and other locales', () => {
    expect(formatMoney({ amount: 1500, currency: 'jpy' }, 'en-GB')).toBe('JP¥1,500');
    expect(formatMoney({ amount: 123456, currency: 'usd' }, 'en-US')).toBe('$1,234.56');
  });

  it('does not crash on a code the browser does not know', () => {
    expect(formatMoney({ amount: 250, currency: 'x' }, 'en-GB')).toBe('2.50 X');
  });
});
