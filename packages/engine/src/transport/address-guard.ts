import dns from 'node:dns';
import net from 'node:net';
import type { buildConnector } from 'undici';
import { nonPublicRange } from './address-range.ts';

/**
 * The checks that keep Hound's requests off internal addresses (docs/decisions/096): a target that names
 * one outright (an IP literal, `localhost`) is refused before any connection; a name is resolved at connect
 * time and only its public addresses are dialled, so what was checked is what is connected to.
 */

/** `code` of the error a refused address gives; the transport maps it to the `blocked_address` reason. */
export const BLOCKED_ADDRESS_CODE = 'ERR_HOUND_BLOCKED_ADDRESS';

export function blockedAddressError(host: string, address: string, range: string): Error {
  const target = host === address ? address : `${host} (${address})`;
  return Object.assign(new Error(`refused ${target}: a ${range} address, not a public one`), {
    code: BLOCKED_ADDRESS_CODE,
  });
}

/**
 * The refusal for a target host that is internal without any DNS: a non-public IP literal, or
 * `localhost` and its subdomains (loopback by definition, RFC 6761, whatever a proxy's resolver says).
 */
export function refusalForHost(hostname: string): Error | undefined {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host.replace(/%.*$/, ''))) {
    const range = nonPublicRange(host);
    return range ? blockedAddressError(host, host, range) : undefined;
  }
  const name = host.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return blockedAddressError(name, name, 'loopback');
  return undefined;
}

/** `refusalForHost` for an undici origin (`https://host:port`). */
export function refusalForOrigin(origin: string | URL): Error | undefined {
  let url: URL;
  try {
    url = typeof origin === 'string' ? new URL(origin) : origin;
  } catch {
    return undefined; // undici rejects it on its own
  }
  return refusalForHost(url.hostname);
}

/**
 * A `lookup` for `net.connect`/`tls.connect`: resolves as usual and hands back only the public addresses,
 * so the socket dials an address that was checked (no window for DNS rebinding). A name with none is
 * refused.
 */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((entry) => !nonPublicRange(entry.address));
    const first = allowed[0];
    if (!first) {
      const refused = addresses[0]?.address ?? '';
      return callback(blockedAddressError(hostname, refused, nonPublicRange(refused) ?? 'non-public'), []);
    }
    if (options.all) callback(null, allowed);
    else callback(null, first.address, first.family);
  });
};

/**
 * Wraps a connector that routes names its own way (tests point every host at @hound/testkit): the peer
 * it dialled must be public, checked once connected and before a byte of the request is written.
 */
export function publicPeerConnector(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    connect(options, (error, socket) => {
      if (error || !socket) {
        callback(error ?? new Error('the connector gave no socket'), null);
        return;
      }
      const peer = socket.remoteAddress;
      const range = peer ? nonPublicRange(peer) : undefined;
      if (peer && range) {
        socket.destroy();
        callback(blockedAddressError(options.hostname, peer, range), null);
        return;
      }
      callback(null, socket);
    });
  };
}
