import type { Money } from '@hound/contracts';

/**
 * An amount in the currency's minor unit (pence, cents; yen have none) as the locale writes it:
 * `formatMoney({amount: 1500, currency: 'gbp'}, 'en-GB')` → "£15.00".
 */
export function formatMoney(money: Money, locale: string): string {
  const currency = money.currency.toUpperCase();
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  } catch {
    // Not a currency the browser knows: the number and the code, never a crash.
    return `${(money.amount / 100).toFixed(2)} ${currency}`;
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** digits);
}
