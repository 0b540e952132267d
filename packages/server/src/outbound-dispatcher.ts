import { createTransportDispatcher } from '@hound/engine';
import type { Dispatcher } from 'undici';

/**
 * The server's own outbound HTTP (favicons) leaves the machine as the engine's checks do: the same proxy,
 * extra CA and address checks — public addresses only unless HOUND_ALLOW_PRIVATE_ADDRESSES (decision 096),
 * on every redirect hop.
 */
export function createOutboundDispatcher(options: {
  proxy?: string;
  caFile?: string;
  allowPrivateAddresses: boolean;
}): Dispatcher {
  return createTransportDispatcher({
    ...(options.proxy ? { proxy: options.proxy } : {}),
    ...(options.caFile ? { caFile: options.caFile } : {}),
    allowPrivateAddresses: options.allowPrivateAddresses,
  });
}
