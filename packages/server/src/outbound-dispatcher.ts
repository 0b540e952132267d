import fs from 'node:fs';
import tls from 'node:tls';
import { Agent, type Dispatcher, ProxyAgent } from 'undici';

/**
 * The server's own outbound HTTP (favicons) goes through the same proxy and extra CA as the engine's
 * checks, so every request leaves the machine the same way.
 */
export function createOutboundDispatcher(options: { proxy?: string; caFile?: string }): Dispatcher {
  const ca = options.caFile ? [...tls.rootCertificates, fs.readFileSync(options.caFile, 'utf8')] : undefined;
  if (options.proxy) {
    return new ProxyAgent({
      uri: options.proxy,
      ...(ca ? { requestTls: { ca }, proxyTls: { ca } } : {}),
    });
  }
  return new Agent(ca ? { connect: { ca } } : {});
}
