/**
 * @hound/testkit — the simulated internet Hound's tests and benchmarks run against.
 *
 * `startInternet()` serves fake sites generated from Sherlock, WhatsMyName and Maigret catalogues on one
 * loopback port that speaks HTTP, HTTPS (its own CA, a certificate per SNI name) and the HTTP proxy
 * protocol, with per-host faults and a request log.
 *
 * `startFakeStripe()` is a stateful fake of Stripe (REST API for the official SDK, hosted Checkout and
 * portal pages, signed webhooks, a movable clock) for testing Hound's billing over real sockets.
 *
 * @packageDocumentation
 */

export { type EmailCheckEntry, type EmailSites, serveEmailChecks } from './email/serve-email-checks.ts';
export { TestkitError, type TestkitErrorCode } from './errors.ts';
export {
  ADVERSARIAL_PAGES,
  type AdversarialKind,
  type AdversarialPage,
  adversarialPage,
} from './faults/adversarial-pages.ts';
export {
  type GeneratedEmailAnswer,
  type GeneratedFamily,
  generateEmailAnswers,
} from './faults/generated-email-answers.ts';
export {
  GENERATED_FRAMES,
  GENERATED_STATUSES,
  type GeneratedFrame,
  type GeneratedPage,
  generatedPages,
  requestedName,
} from './faults/generated-pages.ts';
export { WALL_KINDS, wallPage, wallVariants } from './faults/hostile-pages.ts';
export { NOISY_PROFILE_VARIANTS } from './faults/noisy-profile.ts';
export { LEAD_CHAIN, type LeadChain, plantLeadChain } from './site/lead-chain.ts';
export { type MailboxServer, serveMailbox } from './smtp/mailbox-http.ts';
export { type MailMatch, type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp/smtp-sink.ts';
export { startInternet } from './start-internet.ts';
export { startFakeStripe } from './stripe/fake-stripe.ts';
export type {
  CheckoutOutcome,
  FakeCharge,
  FakeCheckoutLineItem,
  FakeCheckoutSession,
  FakeCustomer,
  FakeDispute,
  FakeEvent,
  FakeInvoice,
  FakeInvoiceLine,
  FakeInvoicePayment,
  FakePaymentIntent,
  FakePortalSession,
  FakePrice,
  FakeProduct,
  FakeRefund,
  FakeStripe,
  FakeStripeOptions,
  FakeStripeSettings,
  FakeSubscription,
  FakeSubscriptionItem,
  FakeWebhookEndpoint,
  ReleaseOrder,
  WebhookControls,
  WebhookDelivery,
} from './stripe/types.ts';
export type {
  CatalogueFormat,
  CatalogueSource,
  Conflict,
  Fault,
  Internet,
  LoggedRequest,
  PlantedPage,
  RequestLog,
  RouteHandler,
  RouteRequest,
  RouteResponse,
  SiteInfo,
  Skipped,
  StartOptions,
  WafVendor,
  WallKind,
} from './types.ts';
