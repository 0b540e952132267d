/**
 * Per-user budgets for the billing routes that call Stripe, so one user cannot spend the account's Stripe
 * rate limit (about 100 requests a second, shared by every user and webhook) for everyone. Counted in the
 * shared `rate_buckets` (one atomic upsert), so the budget holds across API nodes. Per minute, per user
 * (admins included); generous for a person, tiny next to Stripe's limit (decision 095).
 */
import { BILLING_MESSAGES } from '@hound/contracts';
import { AppError } from '../../errors.ts';
import { hitBucket } from '../auth/rate-buckets.ts';
import type { BillingDeps } from './billing-deps.ts';

export type BillingCall = 'checkout' | 'checkout-read' | 'portal' | 'invoices';

/**
 * `BILLING_USER_CALLS_PER_MINUTE` (default 10) for `POST /billing/checkout`, `/billing/portal` and
 * `/billing/invoices` each; three times that for the Stripe re-reads of `GET /billing/checkout/{id}`
 * (the return page polls every few seconds).
 */
export function billingLimit(deps: Pick<BillingDeps, 'options'>, call: BillingCall): number {
  const base = deps.options.userCallsPerMinute;
  return call === 'checkout-read' ? 3 * base : base;
}

const WINDOW_MS = 60_000;

/** Counts one call; false when the user's budget for this minute is spent. */
export async function withinBillingBudget(deps: BillingDeps, userId: string, call: BillingCall) {
  const hit = await hitBucket(deps.db, `billing:${call}:${userId}`, WINDOW_MS, deps.now());
  return { ok: hit.count <= billingLimit(deps, call), resetSeconds: hit.resetSeconds };
}

/** Counts one call, or answers 429 `RATE_LIMITED` with `Retry-After`. */
export async function requireBillingBudget(deps: BillingDeps, userId: string, call: BillingCall): Promise<void> {
  const { ok, resetSeconds } = await withinBillingBudget(deps, userId, call);
  if (!ok) {
    throw new AppError('RATE_LIMITED', BILLING_MESSAGES.tooManyRequests, {
      headers: { 'retry-after': String(resetSeconds) },
    });
  }
}
