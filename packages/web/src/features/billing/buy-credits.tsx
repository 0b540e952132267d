import { button, muted } from '../../components/ui.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fill } from '../../lib/format.ts';
import { useBillingTexts } from './billing-texts.ts';
import { formatMoney } from './format-money.ts';
import { useCheckout } from './use-checkout.ts';
import { usePrices } from './use-prices.ts';

/**
 * A pack of email-search credits, paid once on the provider's page (issue 38 item 5b): offered where
 * credits run out — the dashboard and the email search's "no credits" state. Shown only when this server
 * sells packs; the amount and the count are the server's.
 */
export function BuyCredits({ stacked = false }: { stacked?: boolean }) {
  const { locale } = useI18n();
  const billing = useBillingTexts();
  const prices = usePrices().data;
  const checkout = useCheckout();
  if (!prices?.payments_enabled || !prices.credits) return null;
  const label = fill(billing.pack.buy, {
    count: prices.pack_credits.toLocaleString(locale),
    amount: formatMoney(prices.amounts.credits, locale),
  });
  return (
    <div data-testid="buy-credits">
      <button
        type="button"
        className={`${button.secondary} ${stacked ? 'w-full' : 'w-full sm:w-auto'}`}
        disabled={checkout.pending !== null}
        aria-busy={checkout.pending === 'credits' || undefined}
        onClick={() => void checkout.start({ kind: 'credits' })}
      >
        {checkout.pending === 'credits' ? billing.actions.redirecting : label}
      </button>
      <p className={`mt-1 text-xs ${muted}`}>{billing.pack.note}</p>
    </div>
  );
}
