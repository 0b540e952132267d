/**
 * @hound/engine — username search over the Sherlock, WhatsMyName and Maigret catalogues.
 *
 * Runtime: `createEngine` (catalogues + shared transport + health), `searchUsername` and `searchEmail`
 * (completion-order streams), the transport and the health self-test. Catalogue half: loaders, rules, sources,
 * username placement (re-exported from `./catalogue/index.ts`).
 * @packageDocumentation
 */
export * from './catalogue/index.ts';
export { closeDefaultEngine, defaultEngine, searchEmail, searchUsername } from './default-engine.ts';
export { EmailInputError, normaliseEmail } from './email/address.ts';
export { EmailCatalogueSchema, type EmailCheck } from './email/catalogue-format.ts';
export { BUNDLED_EMAIL_CATALOGUE, loadEmailCatalogues, parseEmailCatalogue } from './email/load-email-catalogue.ts';
export { createEngine, type EngineOptions, type HoundEngine } from './engine.ts';
export { AccountLinks, type LinkedAccount } from './facts/account-links.ts';
export { extractFacts, type FactContext } from './facts/extract-facts.ts';
export { SITE_EXTRACTORS, type SiteExtractor } from './facts/site-extractors.ts';
export { randomUsername } from './health/random-username.ts';
export { runSelfTest, type SelfTestOptions } from './health/self-test.ts';
export { readHealth, writeHealth } from './health/store.ts';
export { type Lead, type LeadSource, leadKey, pickLeads } from './leads/pick-leads.ts';
export { TreeBuilder } from './leads/tree.ts';
export type * from './model.ts';
// The control probes' counters (`controlProbesFor(engine.transport).counts`): bench:engine reports them.
export { controlProbesFor } from './search/control-probe.ts';
export { SearchError, type SearchErrorCode } from './search/errors.ts';
export { type SelectedSite, selectSites } from './search/select-sites.ts';
// The public-address rule (decision 096), for the server's own outbound requests (webhooks).
export { nonPublicRange } from './transport/address-range.ts';
export {
  createTransport,
  createTransportDispatcher,
  DEFAULT_USER_AGENT,
  parseRetryAfter,
  resolveTransportOptions,
  type SendOptions,
  type SendResult,
  TRANSPORT_DEFAULTS,
  type Transport,
  TransportConfigError,
  TransportError,
  type TransportOptions,
} from './transport/index.ts';
export * from './watch/diff.ts';
