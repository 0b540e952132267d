import type { PricesResponse, SubscriptionSummary } from '@hound/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context.tsx';
import { fetchPrices, fetchSubscription } from './billing-api.ts';

export const PRICES_KEY = 'prices';
export const SUBSCRIPTION_KEY = 'billing-subscription';

/** `GET /billing/prices`, shared by pricing, dashboard, billing and the email modal. */
export function usePrices() {
  return useQuery<PricesResponse>({
    queryKey: [PRICES_KEY],
    queryFn: async () => {
      const answer = await fetchPrices();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `prices: ${answer.status}`);
      return answer.body;
    },
    staleTime: 5 * 60_000,
  });
}

/** `GET /billing/subscription` for the signed-in user (whether the trial was used, renewal dates). */
export function useSubscription() {
  const { session } = useAuth();
  return useQuery<SubscriptionSummary>({
    queryKey: [SUBSCRIPTION_KEY, session],
    queryFn: async () => {
      const answer = await fetchSubscription();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? `subscription: ${answer.status}`);
      return answer.body;
    },
    enabled: session,
  });
}
