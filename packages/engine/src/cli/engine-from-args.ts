import { createEngine, type HoundEngine } from '../engine.ts';
import type { CommonArgs } from './args.ts';
import type { CliIo } from './io.ts';

/** Builds the engine a command needs from the shared options; warnings go to stderr. */
export function engineFromArgs(common: CommonArgs, io: CliIo, extra: { refresh?: boolean } = {}): Promise<HoundEngine> {
  return createEngine({
    ...(common.catalogues ? { catalogues: common.catalogues } : {}),
    ...(common.dataDir ? { dataDir: common.dataDir } : {}),
    ...(common.proxy ? { proxy: common.proxy } : {}),
    ...(common.ca ? { caFile: common.ca } : {}),
    ...(common.userAgent ? { userAgent: common.userAgent } : {}),
    ...(common.timeoutMs ? { timeoutMs: common.timeoutMs } : {}),
    refreshCatalogues: extra.refresh ?? false,
    onWarning: (message) => io.stderr.write(`hound: warning: ${message}\n`),
    signal: io.signal,
  });
}
