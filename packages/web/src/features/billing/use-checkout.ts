import type { CheckoutRequest } from '@hound/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../components/toast.tsx';
import { useAuth } from '../auth/auth-context.tsx';
import { postCheckout } from './billing-api.ts';
import { useBillingText } from './billing-text.ts';
import { useBillingTexts } from './billing-texts.ts';
import { usePrices } from './use-prices.ts';

/** What a button buys: the monthly plan (also a trial's upgrade), the trial, an Email Plus report, or a credit pack. */
export type CheckoutProduct =
  | { kind: 'monthly' }
  | { kind: 'trial' }
  | { kind: 'plus'; leadId: string }
  | { kind: 'credits' };

/** Sends the browser to the payment provider's page; a function of its own so tests can watch it. */
export const redirectTo = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * `start(product)`: signed out → /login (coming back here); signed in → `POST /billing/checkout` with the
 * right price, then the browser goes to the hosted checkout. Failures are toasts (spec 001 §8): the
 * server's detail or "Checkout failed"; no answer at all → "Checkout error".
 */
export function useCheckout() {
  const billing = useBillingTexts();
  const { session, user } = useAuth();
  const prices = usePrices();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const say = useBillingText();
  const [pending, setPending] = useState<CheckoutProduct['kind'] | null>(null);

  // Back from the provider's page through the browser's cache: the buttons work again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setPending(null);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  /**
   * Resolves with the failure's text (null when the browser is leaving for the checkout). `quiet`: the
   * caller shows the text itself (the upgrade confirmation keeps it inside its dialog), no toast.
   */
  const start = useCallback(
    async (product: CheckoutProduct, options: { quiet?: boolean } = {}): Promise<string | null> => {
      const failed = (text: string) => {
        if (!options.quiet) toast.error(text);
        return text;
      };
      if (!session) {
        navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
        return null;
      }
      const ids = prices.data;
      const priceId = ids ? ids[product.kind === 'monthly' ? 'monthly' : product.kind] : null;
      if (!ids?.payments_enabled || !priceId) return failed(billing.server.paymentsOff);
      const request: CheckoutRequest =
        product.kind === 'plus'
          ? {
              price_id: priceId,
              mode: 'subscription',
              meta: { lead_id: product.leadId, product: 'email_plus', delivery_email: user?.email ?? '' },
            }
          : // A credit pack is a one-off payment; everything else is a subscription.
            { price_id: priceId, mode: product.kind === 'credits' ? 'payment' : 'subscription' };
      setPending(product.kind);
      const answer = await postCheckout(request);
      if (answer.ok && answer.body?.url) {
        redirectTo.assign(answer.body.url);
        return null; // the page is leaving; the button stays busy
      }
      setPending(null);
      if (answer.status === 0) return failed(billing.checkout.error);
      return failed(answer.detail ? say(answer.detail) : billing.checkout.failed);
    },
    [session, user, prices.data, navigate, location, toast, say, billing],
  );

  return { start, pending };
}
