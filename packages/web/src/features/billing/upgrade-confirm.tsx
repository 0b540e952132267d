import { useState } from 'react';
import { button } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { DialogFrame, dialogButtons } from '../admin/dialog-frame.tsx';
import { useBillingTexts } from './billing-texts.ts';
import { formatMoney } from './format-money.ts';
import { useCheckout } from './use-checkout.ts';
import { usePrices } from './use-prices.ts';

/** The same day next month: when a monthly plan bought today renews. */
export function nextMonth(from: Date): Date {
  const next = new Date(from);
  next.setMonth(next.getMonth() + 1);
  // 31 January + 1 month overflows into March: the month's last day instead.
  if (next.getDate() !== from.getDate()) next.setDate(0);
  return next;
}

/**
 * Before a trial is upgraded — which charges the saved card at once, with no checkout page in between —
 * the amount, today's date, what the plan gives and when it renews, and an explicit "Charge … now"
 * (issue 27 item 3). A decline is said here, in red, and changes nothing.
 */
export function UpgradeConfirm({ onClose, now = new Date() }: { onClose(): void; now?: Date }) {
  const { locale } = useI18n();
  const billing = useBillingTexts();
  const t = billing.confirm;
  const prices = usePrices().data;
  const checkout = useCheckout();
  const [error, setError] = useState<string | null>(null);
  if (!prices) return null;
  const amount = formatMoney(prices.amounts.monthly, locale);
  const date = (d: Date) => d.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
  const values = { amount, today: date(now), next: date(nextMonth(now)), credits: prices.monthly_credits };
  const busy = checkout.pending !== null;
  const charge = async () => {
    setError(null);
    setError(await checkout.start({ kind: 'monthly' }, { quiet: true }));
  };
  return (
    <DialogFrame title={t.title} onClose={busy ? () => {} : onClose} onSubmit={charge}>
      <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="upgrade-terms">
        <li>{fill(t.chargeToday, values)}</li>
        <li>{fill(t.credits, values)}</li>
        <li>{fill(t.renews, values)}</li>
      </ul>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400" data-testid="upgrade-error">
          {error}
        </p>
      )}
      <div className={dialogButtons}>
        <button type="button" className={button.secondary} onClick={onClose} disabled={busy}>
          {t.cancel}
        </button>
        <button type="submit" className={button.primary} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t.charging : fill(t.confirm, values)}
        </button>
      </div>
    </DialogFrame>
  );
}
