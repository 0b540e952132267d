/** Billing answers and a small fetch router for web tests that stand in for the billing API. */
import { DEFAULT_AMOUNTS, type PricesResponse, type User } from '@hound/contracts';
import { vi } from 'vitest';
import { jsonAnswer, TEST_USER } from './account-fixtures.ts';

export const PRICES: PricesResponse = {
  trial: 'price_trial',
  monthly: 'price_monthly',
  plus: 'price_plus',
  credits: 'price_credits',
  payments_enabled: true,
  amounts: DEFAULT_AMOUNTS,
  trial_days: 7,
  monthly_credits: 10,
  trial_credits: 3,
  pack_credits: 10,
};

export const PRICES_OFF: PricesResponse = {
  ...PRICES,
  trial: null,
  monthly: null,
  plus: null,
  credits: null,
  payments_enabled: false,
};

export const NO_SUBSCRIPTION = {
  status: null,
  period_end: null,
  cancel_at_period_end: false,
  trial_used: false,
  has_customer: false,
};

type Handler = (init: RequestInit | undefined, url: string) => Promise<Response>;

/**
 * Stubs `fetch` with answers by "METHOD /path" (query string ignored); anything else answers 404. With a
 * `user`, the session is signed in (`GET /auth/me` answers it unless a route says otherwise).
 */
export function stubApi(routes: Record<string, Handler | object>, options: { user?: User | null } = {}) {
  const user = options.user === undefined ? TEST_USER : options.user;
  if (user) localStorage.setItem('auth.signedIn', '1');
  const table: Record<string, Handler | object> = {
    ...(user ? { 'GET /auth/me': user } : {}),
    'GET /billing/prices': PRICES,
    'GET /billing/subscription': NO_SUBSCRIPTION,
    'GET /me/email-plus/orders': { items: [] },
    'GET /me/email-plus/subscriptions': { items: [] },
    'GET /me/searches': { items: [], total: 0 },
    'GET /me/credits/history': { items: [], total: 0 },
    ...routes,
  };
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const route = table[key];
    if (route === undefined) return jsonAnswer(404, { detail: 'Not found', code: 'NOT_FOUND' });
    return typeof route === 'function' ? (route as Handler)(init, url) : jsonAnswer(200, route);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls made to one route, with their parsed JSON bodies and headers. */
export function callsTo(fetch: ReturnType<typeof stubApi>, key: string) {
  return fetch.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url).split('?')[0]}` === key)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: new Headers(init?.headers),
    }));
}
