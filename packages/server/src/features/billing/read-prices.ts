/**
 * `GET /billing/prices`. The amounts come from Stripe's price objects (cached for ten minutes), so the
 * pricing page, the dashboard and the checkout page can never disagree; with payments off, the spec's prices.
 */
import { DEFAULT_AMOUNTS, type Money, type PricesResponse, TRIAL_DAYS } from '@hound/contracts';
import type { BillingDeps } from './billing-deps.ts';

const CACHE_MS = 10 * 60_000;
const cache = new Map<string, { money: Money; at: number }>();

async function amountOf(deps: BillingDeps, priceId: string, fallback: Money): Promise<Money> {
  const hit = cache.get(priceId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.money;
  try {
    const price = await deps.stripe!.client.prices.retrieve(priceId);
    const money = { amount: price.unit_amount ?? fallback.amount, currency: price.currency };
    cache.set(priceId, { money, at: Date.now() });
    return money;
  } catch (error) {
    deps.log.warn({ err: error, priceId }, 'could not read a price from Stripe; showing the default amount');
    return fallback;
  }
}

export async function readPrices(deps: BillingDeps): Promise<PricesResponse> {
  const common = {
    trial_days: TRIAL_DAYS,
    monthly_credits: deps.options.monthlyCredits,
    trial_credits: deps.options.trialCredits,
  };
  if (!deps.stripe) {
    return { trial: null, monthly: null, plus: null, payments_enabled: false, amounts: DEFAULT_AMOUNTS, ...common };
  }
  const { prices } = deps.stripe.settings;
  const [monthly, trial, plus] = await Promise.all([
    amountOf(deps, prices.monthly, DEFAULT_AMOUNTS.monthly),
    amountOf(deps, prices.trialFee, DEFAULT_AMOUNTS.trial),
    amountOf(deps, prices.plus, DEFAULT_AMOUNTS.plus),
  ]);
  return {
    trial: prices.trialFee,
    monthly: prices.monthly,
    plus: prices.plus,
    payments_enabled: true,
    amounts: { monthly, trial, plus },
    ...common,
  };
}
