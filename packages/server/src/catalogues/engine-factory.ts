import { BUNDLED_EMAIL_CATALOGUE, createEngine, type Engine } from '@hound/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env.ts';

/**
 * How this process creates its engine from the configuration: the catalogues (HOUND_CATALOGUES or the
 * engine's defaults, cached under DATA_DIR/engine with the health outcome), the email checks
 * (HOUND_EMAIL_CATALOGUES or the shipped catalogue), the outbound proxy and CA, whether requests may reach
 * non-public addresses (HOUND_ALLOW_PRIVATE_ADDRESSES, decision 096), and the threads username
 * checks run on (SEARCH_THREADS; off the API's event loop, docs/decisions/087-searches-on-a-thread.md).
 */
function shared(config: Config, log: FastifyBaseLogger) {
  return {
    ...(config.email.catalogues
      ? { emailCatalogues: config.email.catalogues.map((c) => (c === 'default' ? BUNDLED_EMAIL_CATALOGUE : c)) }
      : {}),
    dataDir: `${config.dataDir}/engine`,
    ...(config.proxy ? { proxy: config.proxy } : {}),
    ...(config.caFile ? { caFile: config.caFile } : {}),
    allowPrivateAddresses: config.allowPrivateAddresses,
    onWarning: (message: string) => log.warn({ warning: message }, 'engine warning'),
  };
}

/**
 * The engine email searches use until the username catalogues have loaded: the email checks only (no
 * username sites, nothing downloaded for them), so a fresh server without network serves email searches
 * at once (decision 101).
 */
export function emailOnlyEngineFactory(config: Config, log: FastifyBaseLogger): () => Promise<Engine> {
  return () => createEngine({ ...shared(config, log), checks: [] });
}

export function engineFactory(config: Config, log: FastifyBaseLogger): () => Promise<Engine> {
  return () =>
    createEngine({
      ...shared(config, log),
      ...(config.catalogues ? { catalogues: config.catalogues } : {}),
      searchThreads: config.searchThreads,
      // The checks yield the cores to the API when both want them (088).
      searchThreadNice: 10,
      // Many searches at once saturate a core: fewer requests in flight then answer each one sooner (087).
      adaptiveConcurrency: true,
    });
}
