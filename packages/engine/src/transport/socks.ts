import dns from 'node:dns/promises';
import net from 'node:net';
import type tls from 'node:tls';
import { SocksClient } from 'socks';
import type { buildConnector } from 'undici';
import { blockedAddressError } from './address-guard.ts';
import { nonPublicRange } from './address-range.ts';
import { secureSocket, TlsSessions } from './tls-sessions.ts';

export interface SocksConnectorOptions {
  proxy: URL;
  /** TLS context with the trusted CAs for the target (undefined = Node's defaults). */
  secureContext?: tls.SecureContext;
  timeoutMs: number;
  /**
   * Refuse a name that resolves locally (`socks5://`) to a non-public address. (IP literals are refused
   * before the connector is asked; with `socks5h://` the proxy resolves names.)
   */
  publicOnly?: boolean;
  /** TLS sessions to resume (decision 153); a cache of the connector's own when not given. */
  sessions?: TlsSessions;
}

/**
 * undici connector that tunnels every connection through a SOCKS5 proxy. `socks5h://` hands the
 * hostname to the proxy (remote DNS, required for Tor and .onion); `socks5://` resolves it locally
 * first, as curl does. TLS to the target runs inside the tunnel with the target's SNI.
 */
export function socksConnector(options: SocksConnectorOptions): buildConnector.connector {
  const remoteDns = options.proxy.protocol === 'socks5h:';
  const proxy = {
    host: options.proxy.hostname.replace(/^\[|\]$/g, ''),
    port: Number(options.proxy.port || 1080),
    type: 5 as const,
    userId: options.proxy.username ? decodeURIComponent(options.proxy.username) : undefined,
    password: options.proxy.password ? decodeURIComponent(options.proxy.password) : undefined,
  };
  const sessions = options.sessions ?? new TlsSessions(1024);
  return (target, callback) => {
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    const open = async (): Promise<net.Socket> => {
      let host = target.hostname.replace(/^\[|\]$/g, '');
      if (!remoteDns && !net.isIP(host)) {
        const name = host;
        host = (await dns.lookup(name)).address;
        const range = options.publicOnly ? nonPublicRange(host) : undefined;
        if (range) throw blockedAddressError(name, host, range);
      }
      const { socket } = await SocksClient.createConnection({
        proxy,
        command: 'connect',
        destination: { host, port },
        timeout: options.timeoutMs,
      });
      if (target.protocol !== 'https:') return socket;
      return new Promise((resolve, reject) => {
        secureSocket(socket, target, { ...options, sessions }, (...[error, secure]) => {
          if (error) reject(error);
          else resolve(secure as net.Socket);
        });
      });
    };
    open().then(
      (socket) => callback(null, socket),
      (error: Error) => callback(error, null),
    );
  };
}
