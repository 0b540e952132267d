export { TransportConfigError, TransportError } from './errors.ts';
export { parseRetryAfter } from './interceptors/rate-limit.ts';
export { DEFAULT_USER_AGENT, TRANSPORT_DEFAULTS, type TransportOptions } from './options.ts';
export {
  createTransport,
  createTransportDispatcher,
  resolveTransportOptions,
  type SendOptions,
  type SendResult,
  type Transport,
} from './transport.ts';
