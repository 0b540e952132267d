import type { Engine } from '@hound/engine';
import type { Config } from '../env.ts';

type CreateEngine = (options: Record<string, unknown>) => Promise<Engine>;

/**
 * How this process creates its engine from the configuration: the catalogues (HOUND_CATALOGUES or the
 * engine's defaults, cached under DATA_DIR/engine), and the outbound proxy and CA.
 */
export function engineFactory(config: Config): () => Promise<Engine> {
  return async () => {
    const engine = (await import('@hound/engine')) as { createEngine?: CreateEngine };
    if (typeof engine.createEngine !== 'function') throw new Error('@hound/engine does not export createEngine');
    return engine.createEngine({
      ...(config.catalogues ? { sources: config.catalogues } : {}),
      dataDir: `${config.dataDir}/engine`,
      ...(config.proxy ? { proxy: config.proxy } : {}),
      ...(config.caFile ? { caFile: config.caFile } : {}),
    });
  };
}
