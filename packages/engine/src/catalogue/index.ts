/**
 * Catalogues, verdict rules, catalogue sources and username safety: the half of @hound/engine that
 * knows what to ask each site and how to read the answer. Re-exported from `src/index.ts`.
 */

export { BLOCK_FINGERPRINTS, type BlockFingerprint, type BlockPage, detectBlockPage } from '../rules/block-pages.ts';
export { judge } from '../rules/judge.ts';
export { type PreparedRequest, prepareRequest } from '../rules/prepare-request.ts';
export type * from '../rules/types.ts';
export { type CacheMeta, cacheKey, readCache, writeCache } from '../sources/cache.ts';
export {
  type CatalogueSource,
  catalogueSourceFromArg,
  DEFAULT_CATALOGUE_SOURCES,
  MAIGRET_URL,
  SHERLOCK_EXCLUSIONS_URL,
  SHERLOCK_MANIFEST_FALLBACK_URL,
  SHERLOCK_MANIFEST_URL,
  WHATSMYNAME_URL,
} from '../sources/defaults.ts';
export { createFetchText, type FetchText, type FetchTextOptions } from '../sources/fetch-text.ts';
export {
  EXCLUDED_REASON,
  type LoadCatalogueSourcesOptions,
  type LoadedCatalogues,
  loadCatalogueSources,
  parseExclusions,
  type SourceReport,
} from '../sources/load-sources.ts';
export { EMAIL_INPUT_MESSAGE, isEmailLike } from '../username/email.ts';
export {
  MAX_USERNAME_LENGTH,
  normaliseUsernameInput,
  UsernameInputError,
  type UsernameInputErrorCode,
} from '../username/input.ts';
export { type BodyEncoding, placeInBody } from '../username/place-body.ts';
export { type Placement, placeInUrl, USERNAME_PLACEHOLDER } from '../username/place-url.ts';
export { isProfilePage } from '../username/profile-page.ts';
export { buildSites } from './build-sites.ts';
export { type CatalogueSourceStats, catalogueStats } from './catalogue-stats.ts';
export { type CombinedOutcome, combineOutcomes } from './combine-outcomes.ts';
export { detectCatalogueFormat } from './detect-format.ts';
export { CatalogueError, type CatalogueErrorCode } from './errors.ts';
export { type LoadCatalogueOptions, loadCatalogue, parseCatalogueText } from './load-catalogue.ts';
export { type HoundCatalogue, HoundCatalogueSchema, loadHound } from './load-hound.ts';
export { loadMaigret, mergeEngine } from './load-maigret.ts';
export { loadSherlock } from './load-sherlock.ts';
export { loadWhatsMyName } from './load-whatsmyname.ts';
export { type RegexTranslation, translatePythonRegex } from './python-regex.ts';
export { normaliseHost, type SiteKey, siteKey } from './site-key.ts';
