import { createEngine, type HoundEngine } from '../engine.ts';
import { type CommonArgs, UsageError } from './args.ts';
import type { CliIo } from './io.ts';

/**
 * Whether requests may reach loopback, private and other non-public addresses (decision 096): the flag, or
 * HOUND_ALLOW_PRIVATE_ADDRESSES=true|1 in the environment.
 * @throws UsageError for another value of the variable
 */
export function allowsPrivateAddresses(common: CommonArgs, env: NodeJS.ProcessEnv): boolean {
  const value = (env.HOUND_ALLOW_PRIVATE_ADDRESSES ?? '').trim().toLowerCase();
  if (!['', 'true', '1', 'false', '0'].includes(value)) {
    throw new UsageError(`HOUND_ALLOW_PRIVATE_ADDRESSES takes true or false, got "${value}"`);
  }
  return common.allowPrivateAddresses || value === 'true' || value === '1';
}

/** Builds the engine a command needs from the shared options; warnings go to stderr. */
export function engineFromArgs(
  common: CommonArgs,
  io: CliIo,
  extra: { refresh?: boolean; emailCatalogues?: readonly string[] } = {},
): Promise<HoundEngine> {
  return createEngine({
    ...(extra.emailCatalogues ? { emailCatalogues: extra.emailCatalogues } : {}),
    ...(common.catalogues ? { catalogues: common.catalogues } : {}),
    ...(common.dataDir ? { dataDir: common.dataDir } : {}),
    keepEmailControls: true, // the CLI's runs share their email controls (decision 162)
    ...(common.proxy ? { proxy: common.proxy } : {}),
    ...(common.ca ? { caFile: common.ca } : {}),
    ...(common.userAgent ? { userAgent: common.userAgent } : {}),
    ...(common.timeoutMs ? { timeoutMs: common.timeoutMs } : {}),
    allowPrivateAddresses: allowsPrivateAddresses(common, io.env),
    refreshCatalogues: extra.refresh ?? false,
    onWarning: (message) => io.stderr.write(`hound: warning: ${message}\n`),
    signal: io.signal,
  });
}
