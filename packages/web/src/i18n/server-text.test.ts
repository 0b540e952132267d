import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  API_KEY_MESSAGES,
  BILLING_MESSAGES,
  EMAIL_PLUS_MESSAGES,
  EMAIL_SEARCH_MESSAGES,
  SEARCH_MESSAGES,
  SUBSCRIBE_MESSAGES,
  WEBHOOK_MESSAGES,
} from '@hound/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The server's own list of error codes: a code added there without Turkish here fails the first test.
import { HTTP_STATUS } from '../../../server/src/errors.ts';
import { apiFetch } from '../lib/api-fetch.ts';
import { registerServerText, translateServerText } from './server-text.ts';
import {
  ACCOUNT_TR,
  ADMIN_TR,
  API_KEY_TR,
  BILLING_TR,
  CODES_TR,
  EMAIL_PLUS_TR,
  EMAIL_SEARCH_TR,
  SEARCH_TR,
  SERVER_FIXED_TR,
  SUBSCRIBE_TR,
  serverTextTr,
  WEBHOOK_TR,
} from './server-text-tr.ts';

/**
 * Codes no user of the web app can receive: start-up configuration, the data directory, Stripe's webhooks,
 * metrics, icons, and what only an API key's caller meets on /api/v1 (its clients read `code`).
 */
const OPERATOR_ONLY = [
  'CONFIG_INVALID',
  'DB_DATA_DIR_LOCKED',
  'WEBHOOK_INVALID',
  'METRICS_UNAUTHORIZED',
  'FAVICON_UNKNOWN_HOST',
  'API_KEY_INVALID',
  'API_KEY_NOT_ALLOWED',
  'API_KEY_SCOPE',
  'API_RATE_LIMITED',
  'API_DAILY_LIMIT',
  'API_CREDITS_INSUFFICIENT',
  'IDEMPOTENCY_KEY_REQUIRED',
];
/** Sent by the error handler for Fastify's own 4xx errors (app.ts). */
const HANDLER_CODES = ['BAD_REQUEST'];

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();

afterEach(() => {
  registerServerText('en', null);
  vi.unstubAllGlobals();
});

describe('Turkish for every server message (issue 27 item 18)', () => {
  it('has a Turkish message for every error code the server can send to a user, and none for codes it cannot', () => {
    const userCodes = [...Object.keys(HTTP_STATUS).filter((code) => !OPERATOR_ONLY.includes(code)), ...HANDLER_CODES];
    const missing = userCodes.filter((code) => !CODES_TR[code]?.trim());
    expect(missing, 'codes without Turkish (add them to CODES_TR in server-text-tr.ts)').toEqual([]);
    expect(Object.keys(CODES_TR).filter((code) => !userCodes.includes(code))).toEqual([]);
  });

  it('translates every message of the contracts’ tables, keeping placeholders', () => {
    const tables: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['ACCOUNT_MESSAGES', ACCOUNT_MESSAGES, ACCOUNT_TR],
      ['ADMIN_MESSAGES', ADMIN_MESSAGES, ADMIN_TR],
      ['SUBSCRIBE_MESSAGES', SUBSCRIBE_MESSAGES, SUBSCRIBE_TR],
      ['SEARCH_MESSAGES', SEARCH_MESSAGES, SEARCH_TR],
      ['EMAIL_PLUS_MESSAGES', EMAIL_PLUS_MESSAGES, EMAIL_PLUS_TR],
      ['API_KEY_MESSAGES', API_KEY_MESSAGES, API_KEY_TR],
      ['WEBHOOK_MESSAGES', WEBHOOK_MESSAGES, WEBHOOK_TR],
      ['BILLING_MESSAGES', BILLING_MESSAGES, BILLING_TR],
      ['EMAIL_SEARCH_MESSAGES', EMAIL_SEARCH_MESSAGES, EMAIL_SEARCH_TR],
    ];
    for (const [name, english, turkish] of tables) {
      expect(Object.keys(turkish).sort(), name).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        const translated = turkish[key]!;
        expect(translated.trim(), `${name}.${key}`).not.toBe('');
        expect(translated, `${name}.${key} is still English`).not.toBe(text);
        expect(placeholders(translated), `${name}.${key}`).toEqual(placeholders(text));
      }
    }
    for (const [english, turkish] of SERVER_FIXED_TR) expect(turkish).not.toBe(english);
  });

  it('translates a known message, fills a template, falls back to the code, then to the server’s text', () => {
    registerServerText('tr', serverTextTr);
    expect(translateServerText(BILLING_MESSAGES.alreadySubscribed, 'BILLING_CONFLICT')).toBe(
      BILLING_TR.alreadySubscribed,
    );
    expect(translateServerText('Please wait 42 seconds before requesting another code.', 'AUTH_TOO_MANY_CODES')).toBe(
      'Yeni bir kod istemeden önce lütfen 42 saniye bekleyin.',
    );
    expect(translateServerText('The user has only 3 credits.', 'CREDITS_INSUFFICIENT')).toBe(
      'Kullanıcının yalnızca 3 kredisi var.',
    );
    // A text the table does not know (say, a field named by the validator): the code's general message.
    expect(translateServerText('Invalid body.email: Required', 'VALIDATION_FAILED')).toBe(CODES_TR.VALIDATION_FAILED);
    // An unknown code and an unknown text: the server's English, rather than nothing.
    expect(translateServerText('Something new happened.', 'SOMETHING_NEW')).toBe('Something new happened.');
    expect(translateServerText('The search failed. Please try again later.')).toBe(
      'Arama başarısız oldu. Lütfen daha sonra tekrar deneyin.',
    );
    registerServerText('en', null);
    expect(translateServerText(BILLING_MESSAGES.alreadySubscribed, 'BILLING_CONFLICT')).toBe(
      BILLING_MESSAGES.alreadySubscribed,
    );
  });

  it('apiFetch hands callers the detail in the page’s language', async () => {
    const answer = (status: number, body: unknown) =>
      Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(409, { status: 'error', code: 'BILLING_CONFLICT', detail: BILLING_MESSAGES.trialUsed })),
    );
    expect((await apiFetch('/billing/checkout', { method: 'POST', body: {} })).detail).toBe(BILLING_MESSAGES.trialUsed);
    registerServerText('tr', serverTextTr);
    expect((await apiFetch('/billing/checkout', { method: 'POST', body: {} })).detail).toBe(BILLING_TR.trialUsed);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer(503, { status: 'error', code: 'PAYMENTS_DISABLED', detail: 'Stripe is down for a while.' })),
    );
    expect((await apiFetch('/billing/portal')).detail).toBe(CODES_TR.PAYMENTS_DISABLED);
  });
});
