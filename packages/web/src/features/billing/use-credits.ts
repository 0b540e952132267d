/**
 * The signed-in user's credit balance and plan, one query shared by the header, Dashboard, Billing and the
 * email modal, so all show the same number (issue 27 item 4, decision 104). Kept current by refetching:
 * when the tab regains focus, every minute while it is open (an admin grant or a renewal happens on the
 * server), and at once after anything here that spends or refunds a credit (`useRefreshCredits`).
 */
import type { CreditsResponse, Plan } from '@hound/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useAuth } from '../auth/auth-context.tsx';
import { getCredits } from '../email-search/email-api.ts';

export const CREDITS_KEY = 'credits';
export const CREDITS_REFRESH_MS = 60_000;

export function useCredits() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [CREDITS_KEY, user?.id ?? null],
    queryFn: async (): Promise<CreditsResponse> => {
      const answer = await getCredits();
      if (!answer.ok || !answer.body) throw new Error(answer.detail ?? 'credits');
      return answer.body;
    },
    enabled: user !== null,
    refetchOnWindowFocus: true,
    refetchInterval: CREDITS_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * The plan and balance every page shows: the live answer, the signed-in copy until it arrives. The plan
 * card and the plan buttons beside it read this one source, so they never disagree (issue 38 item 5f).
 */
export function useLiveAccount(): { plan: Plan; credits: number } | null {
  const { user } = useAuth();
  const live = useCredits().data;
  if (!user) return null;
  return { plan: live?.plan ?? user.plan, credits: live?.credits ?? user.email_search_credits };
}

/** Marks the balance stale and refetches it wherever it is shown. */
export function useRefreshCredits(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: [CREDITS_KEY] }), [client]);
}

/**
 * Each freshly loaded user (sign-in, a payment's return page, a profile change) carries its balance: it
 * replaces the cached one at once, so no page shows the number from before. Called once, by the header,
 * which stays mounted across pages: it runs when the user object changes, not whenever a page mounts.
 */
export function useCreditsFollowUser(): void {
  const { user } = useAuth();
  const client = useQueryClient();
  useEffect(() => {
    if (user) {
      client.setQueryData<CreditsResponse>([CREDITS_KEY, user.id], {
        credits: user.email_search_credits,
        plan: user.plan,
      });
    }
  }, [user, client]);
}
