/**
 * Stripe's error envelope. The SDK picks its error class from the HTTP status and `type`
 * (400/404 → StripeInvalidRequestError, 401 → StripeAuthenticationError, 402 → StripeCardError,
 * `idempotency_error` → StripeIdempotencyError), so both must match what Stripe sends.
 */

export type ApiErrorType = 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: ApiErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toJSON(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    if (this.param) error.param = this.param;
    return { error };
  }
}

const NOUNS: Record<string, string> = {
  cus: 'customer',
  sub: 'subscription',
  in: 'invoice',
  pi: 'payment_intent',
  ch: 'charge',
  re: 'refund',
  dp: 'dispute',
  cs: 'checkout.session',
  bps: 'billing_portal.session',
  we: 'webhook_endpoint',
  evt: 'event',
  pm: 'payment_method',
  prod: 'product',
  price: 'price',
};

/**
 * `resource_missing`, worded like Stripe: "No such customer: 'cus_x'". 404 for the object in the URL,
 * 400 for an id passed as a parameter (`customer`, `line_items[0][price]`…).
 */
export function missing(noun: string, id: string, param = 'id'): ApiError {
  const status = param === 'id' ? 404 : 400;
  return new ApiError(status, 'invalid_request_error', `No such ${noun}: '${id}'`, 'resource_missing', param);
}

/** The noun Stripe uses for an id, from its prefix (`cus_…` → customer). */
export function nounOf(id: string): string {
  const prefix = id.startsWith('cs_') ? 'cs' : id.slice(0, id.indexOf('_'));
  return NOUNS[prefix] ?? 'object';
}

export function invalid(message: string, param: string, code = 'parameter_invalid_string'): ApiError {
  return new ApiError(400, 'invalid_request_error', message, code, param);
}

export function required(param: string): ApiError {
  return new ApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
}
