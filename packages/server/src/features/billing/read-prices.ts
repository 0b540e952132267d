/**
 * `GET /billing/prices`. The amounts come from Stripe's price objects, so the pricing page, the dashboard
 * and the checkout page can never disagree; with payments off, the spec's prices. Anyone may call this
 * route, so Stripe is asked at most once per `FRESH_MS` per process (one read in flight, shared by every
 * caller), and after a failure not again for `RETRY_MS`: the last good prices are served meanwhile, for at
 * most `MAX_STALE_MS`; after that, the spec's amounts (decision 095).
 */
import { DEFAULT_AMOUNTS, type Money, type PricesResponse, TRIAL_DAYS } from '@hound/contracts';
import type { BillingDeps } from './billing-deps.ts';

export const PRICES_FRESH_MS = 10 * 60_000;
export const PRICES_RETRY_MS = 60_000;
export const PRICES_MAX_STALE_MS = 24 * 3600_000;

type Amounts = PricesResponse['amounts'];

export interface PriceCache {
  good?: { amounts: Amounts; at: number };
  /** When Stripe last failed; no new read before `PRICES_RETRY_MS` after it. */
  failedAt?: number;
  reading?: Promise<Amounts | undefined>;
}

export function newPriceCache(): PriceCache {
  return {};
}

async function readAmounts(deps: BillingDeps): Promise<Amounts | undefined> {
  const { client, settings } = deps.stripe!;
  const one = async (id: string): Promise<Money> => {
    const price = await client.prices.retrieve(id, {}, { maxNetworkRetries: 0, timeout: 5_000 });
    if (price.unit_amount === null) throw new Error(`price ${id} has no unit amount`);
    return { amount: price.unit_amount, currency: price.currency };
  };
  try {
    const credits = settings.prices.credits;
    const [monthly, trial, plus, pack] = await Promise.all([
      one(settings.prices.monthly),
      one(settings.prices.trialFee),
      one(settings.prices.plus),
      credits ? one(credits) : DEFAULT_AMOUNTS.credits,
    ]);
    const amounts = { monthly, trial, plus, credits: pack };
    deps.prices.good = { amounts, at: deps.now().getTime() };
    deps.prices.failedAt = undefined;
    return amounts;
  } catch (error) {
    deps.prices.failedAt = deps.now().getTime();
    deps.log.warn({ err: error }, 'could not read the prices from Stripe; serving the last good ones');
    return undefined;
  }
}

/** The last good amounts if not older than `PRICES_MAX_STALE_MS`. */
function lastGood(deps: BillingDeps): Amounts | undefined {
  const { good } = deps.prices;
  return good && deps.now().getTime() - good.at <= PRICES_MAX_STALE_MS ? good.amounts : undefined;
}

async function amounts(deps: BillingDeps): Promise<Amounts> {
  const cache = deps.prices;
  const now = deps.now().getTime();
  if (cache.good && now - cache.good.at < PRICES_FRESH_MS) return cache.good.amounts;
  const resting = cache.failedAt !== undefined && now - cache.failedAt < PRICES_RETRY_MS;
  if (!resting) {
    cache.reading ??= readAmounts(deps).finally(() => {
      cache.reading = undefined;
    });
    const read = await cache.reading;
    if (read) return read;
  }
  return lastGood(deps) ?? DEFAULT_AMOUNTS;
}

export async function readPrices(deps: BillingDeps): Promise<PricesResponse> {
  const common = {
    trial_days: TRIAL_DAYS,
    monthly_credits: deps.options.monthlyCredits,
    trial_credits: deps.options.trialCredits,
    pack_credits: deps.options.packCredits,
  };
  if (!deps.stripe) {
    return {
      trial: null,
      monthly: null,
      plus: null,
      credits: null,
      payments_enabled: false,
      amounts: DEFAULT_AMOUNTS,
      ...common,
    };
  }
  const { prices } = deps.stripe.settings;
  return {
    trial: prices.trialFee,
    monthly: prices.monthly,
    plus: prices.plus,
    credits: prices.credits ?? null,
    payments_enabled: true,
    amounts: await amounts(deps),
    ...common,
  };
}
