/**
 * The server's one error class. Codes are stable strings; `HTTP_STATUS` maps each to its HTTP status,
 * so routes only throw and the error handler answers.
 */
export const HTTP_STATUS = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  SEARCH_UNSUPPORTED_USERNAME: 422,
  SEARCH_EMAIL_NOT_SUPPORTED: 422,
  /** `categories`/`sites` of a search select nothing, or name an unknown site. */
  SEARCH_SCOPE_INVALID: 422,
  /** A list's `limit` or `skip` that is not a whole number in its range (contracts' `pageQuery`). */
  PAGE_OUT_OF_RANGE: 422,
  SEARCH_TOO_MANY_ACTIVE: 429,
  FAVICON_UNKNOWN_HOST: 404,
  /** A field breaks a rule of spec 001 §5; the message is the spec's. */
  INVALID_INPUT: 400,
  /** An address that is not one plain `local@domain` (decision 094); the message is the spec's. */
  EMAIL_ADDRESS_INVALID: 422,
  AUTH_INVALID_CODE: 400,
  AUTH_TOO_MANY_CODES: 429,
  AUTH_TOO_MANY_ATTEMPTS: 429,
  /** Every password-hashing slot is taken (decision 093): try again in a moment. */
  AUTH_BUSY: 503,
  AUTH_INVALID_CREDENTIALS: 401,
  AUTH_REQUIRED: 401,
  AUTH_ADMIN_REQUIRED: 403,
  /** GET /metrics without the right bearer token (decision 103). */
  METRICS_UNAUTHORIZED: 401,
  RATE_LIMITED: 429,
  /** This client, device or search already has its maximum of open event streams. */
  TOO_MANY_STREAMS: 429,
  CREDITS_INSUFFICIENT: 400,
  EMAIL_SEARCH_UNAVAILABLE: 503,
  /** The account already runs `LIMIT_EMAIL_ACTIVE_PER_ACCOUNT` email searches (issue 38 item 5). */
  EMAIL_SEARCH_TOO_MANY_ACTIVE: 429,
  EMAIL_SEARCH_FAILED: 500,
  PAYMENTS_DISABLED: 503,
  /** The payment provider refused or failed a call; the message is safe to show. */
  PAYMENT_PROVIDER_FAILED: 502,
  /** Stripe did not answer within its bound (timeouts, refused connections): nothing to show but "try again". */
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  /** The card was declined: nothing was charged or changed (issue 27 item 3). */
  PAYMENT_DECLINED: 402,
  BILLING_INVALID_PRICE: 400,
  BILLING_CONFLICT: 409,
  /** An admin tried to set the plan of a customer whose plan follows a Stripe subscription. */
  ADMIN_PLAN_FROM_STRIPE: 409,
  /** Deliver or refuse on an order another request already closed (the first one won). */
  EMAIL_PLUS_ORDER_CLOSED: 409,
  /** The order's payment was refunded at Stripe (or a dispute of it lost): nothing is delivered. */
  EMAIL_PLUS_ORDER_REFUNDED: 409,
  /** The order's payment is disputed: delivery waits until the dispute is closed. */
  EMAIL_PLUS_ORDER_DISPUTED: 409,
  FORBIDDEN: 403,
  /** An `Idempotency-Key` sent again with another request than the one it started (another address; another user, direction or amount). */
  IDEMPOTENCY_KEY_REUSED: 409,
  /** The plan has no free watch slot of this kind, or does not allow the cadence or address (decision 140). */
  WATCH_PLAN_LIMIT: 403,
  /** The user already watches this name or address. */
  WATCH_EXISTS: 409,
  /** A run of this watch is queued or running. */
  WATCH_RUN_OPEN: 409,
  /** "Run now" again within the hour. */
  WATCH_RUN_TOO_SOON: 429,
  /** A mail link's signature does not match. */
  WATCH_LINK_INVALID: 400,
  /** `/api/v1` without a valid, live API key (decision 143). */
  API_KEY_INVALID: 401,
  /** An API key sent to a route outside `/api/v1` (the web app's routes, billing, admin, key management). */
  API_KEY_NOT_ALLOWED: 401,
  /** The key lacks the scope the route needs. */
  API_KEY_SCOPE: 403,
  /** The account's plan has no API access (decision 144). */
  API_PLAN_REQUIRED: 403,
  API_KEYS_LIMIT: 409,
  /** The key's requests per minute are used up; `Retry-After` says when the window resets. */
  API_RATE_LIMITED: 429,
  /** The key's (or account's) searches for the UTC day are used up. */
  API_DAILY_LIMIT: 429,
  /** No credit left for an email search through the API; the body carries `balance`. */
  API_CREDITS_INSUFFICIENT: 402,
  /** An `/api/v1` call that spends credits was sent without `Idempotency-Key`. */
  IDEMPOTENCY_KEY_REQUIRED: 400,
  /** A cookie-authenticated request that changes state came from another site (decision 098). */
  AUTH_CROSS_SITE: 403,
  WEBHOOK_INVALID: 400,
  /** A webhook endpoint URL that is not https:// (http only to an allowed loopback) or not a URL. */
  WEBHOOK_URL_INVALID: 422,
  /** A webhook endpoint URL whose host is or resolves to a private, loopback or other internal address. */
  WEBHOOK_URL_PRIVATE: 422,
  WEBHOOK_URL_UNRESOLVABLE: 422,
  WEBHOOK_ENDPOINTS_LIMIT: 409,
  /** The test event was not answered 2xx; the message says how it was answered. */
  WEBHOOK_TEST_FAILED: 422,
  /** Redelivery to an endpoint that is not verified (or was disabled). */
  WEBHOOK_NOT_VERIFIED: 409,
  CONFIG_INVALID: 500,
  DB_DATA_DIR_LOCKED: 500,
  /** A part the request needs (Redis) is not answering; try again shortly. */
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof HTTP_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra response headers, e.g. `Retry-After` on 429. */
  readonly headers: Record<string, string>;
  /** Credits left, for `CREDITS_INSUFFICIENT` (the admin's message names them). */
  readonly available?: number;
  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; headers?: Record<string, string>; available?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.headers = options?.headers ?? {};
    if (options?.available !== undefined) this.available = options.available;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.code];
  }
}

export function isAppError(value: unknown, code?: ErrorCode): value is AppError {
  return value instanceof AppError && (code === undefined || value.code === code);
}
