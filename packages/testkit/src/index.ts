/**
 * @hound/testkit — the simulated internet Hound's tests and benchmarks run against.
 *
 * `startInternet()` serves fake sites generated from Sherlock, WhatsMyName and Maigret catalogues on one
 * loopback port that speaks HTTP, HTTPS (its own CA, a certificate per SNI name) and the HTTP proxy
 * protocol, with per-host faults and a request log.
 *
 * @packageDocumentation
 */

export { type EmailCheckEntry, type EmailSites, serveEmailChecks } from './email/serve-email-checks.ts';
export { TestkitError, type TestkitErrorCode } from './errors.ts';
export { type MailMatch, type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp/smtp-sink.ts';
export { startInternet } from './start-internet.ts';
export type {
  CatalogueFormat,
  CatalogueSource,
  Conflict,
  Fault,
  Internet,
  LoggedRequest,
  RequestLog,
  RouteHandler,
  RouteRequest,
  RouteResponse,
  SiteInfo,
  Skipped,
  StartOptions,
  WafVendor,
} from './types.ts';
