import type { SubscriptionSummary } from '@hound/contracts';
import { fill } from '../../lib/format.ts';

export interface SubscriptionTexts {
  renews: string;
  ends: string;
  trialEnds: string;
  pastDue: string;
  ended: string;
  none: string;
}

/**
 * One line about the subscription as Stripe last reported it: "Renews on …", "Ends on …" (cancelled at the
 * period's end), "Trial ends on …", "Payment failed — we will retry" (past due), or none at all.
 */
export function subscriptionLine(
  summary: SubscriptionSummary,
  texts: SubscriptionTexts,
  formatDate: (iso: string) => string,
): string {
  const { status, period_end: end } = summary;
  if (!status) return texts.none;
  if (status === 'past_due' || status === 'unpaid') return texts.pastDue;
  if (status === 'canceled' || status === 'incomplete_expired') return texts.ended;
  if (!end) return texts.none;
  const date = formatDate(end);
  if (summary.cancel_at_period_end) return fill(texts.ends, { date });
  if (status === 'trialing') return fill(texts.trialEnds, { date });
  if (status === 'active') return fill(texts.renews, { date });
  return texts.none;
}
