import type { UnknownReason } from '../model.ts';
import { BLOCKED_ADDRESS_CODE } from './address-guard.ts';

/**
 * A check's request failed in a way that leaves the verdict undecidable. `code` is the result's
 * `unknown` reason; `detail` is a short human explanation (never contains secrets).
 */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    readonly code: UnknownReason,
    readonly detail: string,
    /** True when the failure happened before any response byte, so a retry cannot duplicate work. */
    readonly beforeResponse = false,
    options?: { cause?: unknown; malformedResponse?: boolean },
  ) {
    super(`${code}: ${detail}`, options);
    this.malformedResponse = options?.malformedResponse ?? false;
  }

  /**
   * True when what came back before any headers was not HTTP: a broken server, or stray bytes on a
   * reused connection (a body sent after a HEAD answer). The server did see the request.
   */
  readonly malformedResponse: boolean;
}

/** Invalid transport configuration (bad proxy URL, unreadable CA file, ...). Raised at engine creation. */
export class TransportConfigError extends Error {
  override readonly name = 'TransportConfigError';
  constructor(
    readonly code: 'invalid_proxy' | 'ca_file' | 'invalid_option',
    message: string,
  ) {
    super(message);
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_NODATA', 'EAI_FAIL']);
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'HPE_INVALID_CONSTANT',
  'HPE_INVALID_CHUNK_SIZE',
  'HPE_INVALID_HEADER_TOKEN',
  'HPE_INVALID_STATUS',
  'HPE_HEADER_OVERFLOW',
  'Z_DATA_ERROR',
  'Z_BUF_ERROR',
  'ERR_PADDING_1',
  'ERR_PADDING_2',
  'ERR_INVALID_CHAR',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** Codes that mean "nothing reached the server", so retrying cannot repeat a side effect. */
const PRE_RESPONSE_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'ECONNREFUSED', 'EPIPE']);

/**
 * The `code`s along an error's cause chain. undici's HTTPParserError sometimes has none, so it
 * stands in as `HPE_` (every llhttp code starts with that).
 */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown };
    if (typeof code === 'string') codes.push(code);
    else if (name === 'HTTPParserError') codes.push('HPE_');
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.includes('CERT') ||
    code === 'EPROTO' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'
  );
}

/**
 * Maps any error thrown while sending one request to a TransportError.
 * `phase` says whether response headers had arrived (errors after that are never retried).
 */
export function toTransportError(error: unknown, phase: 'request' | 'body'): TransportError {
  if (error instanceof TransportError) return error;
  const codes = errorCodes(error);
  const message = error instanceof Error ? error.message : String(error);
  const before = phase === 'request' && codes.some((c) => PRE_RESPONSE_CODES.has(c));
  const malformedResponse = phase === 'request' && codes.some((c) => c.startsWith('HPE_'));
  const make = (code: UnknownReason, detail: string) =>
    new TransportError(code, detail, before, { cause: error, malformedResponse });
  for (const code of codes) {
    if (code === BLOCKED_ADDRESS_CODE) return make('blocked_address', message);
    if (TIMEOUT_CODES.has(code)) return make('timeout', message);
    if (DNS_CODES.has(code)) return make('dns', `host does not resolve (${code})`);
    if (isTlsCode(code)) return make('tls', `${code}: ${message}`);
  }
  for (const code of codes) {
    if (NETWORK_CODES.has(code)) return make('network', `${code}: ${message}`);
  }
  if (/socks/i.test(message)) return make('network', `proxy: ${message}`);
  return make('network', message || 'request failed');
}
