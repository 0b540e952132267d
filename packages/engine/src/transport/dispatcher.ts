import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { publicOnlyLookup, publicPeerConnector, refusalForOrigin } from './address-guard.ts';
import { TransportConfigError } from './errors.ts';
import { httpProxyConnector } from './http-proxy.ts';
import type { ResolvedTransportOptions } from './options.ts';
import { OriginPool, type OriginPoolOptions } from './origin-pool.ts';
import { socksConnector } from './socks.ts';
import { secureSocket, TlsSessions } from './tls-sessions.ts';

/** TLS sessions kept per dispatcher (about 1–2 KB each with the peer's certificate). */
const TLS_SESSIONS = 4096;

/** TCP by undici's connector, then TLS over it (resuming the host's session) for https. */
function directConnector(
  tcp: buildConnector.connector,
  secure: Parameters<typeof secureSocket>[2],
): buildConnector.connector {
  return (target, callback) => {
    if (target.protocol !== 'https:') {
      tcp(target, callback);
      return;
    }
    tcp({ ...target, protocol: 'http:', port: target.port || '443' }, (error, socket) => {
      if (error || !socket) callback(error ?? new Error('the connector gave no socket'), null);
      else secureSocket(socket, target, secure, callback);
    });
  };
}

/** Node's default roots plus the configured extra CA (Node's `ca` option replaces the roots otherwise). */
function trustedCas(options: ResolvedTransportOptions): string[] | undefined {
  const extra: string[] = [];
  if (options.caFile) {
    try {
      extra.push(readFileSync(options.caFile, 'utf8'));
    } catch (error) {
      throw new TransportConfigError('ca_file', `cannot read CA file ${options.caFile}: ${(error as Error).message}`);
    }
  }
  if (options.caPem) extra.push(options.caPem);
  for (const pem of extra) {
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new TransportConfigError('ca_file', 'the extra CA is not a PEM certificate');
    }
  }
  return extra.length > 0 ? [...tls.rootCertificates, ...extra] : undefined;
}

function parseProxy(proxy: string): URL {
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    throw new TransportConfigError('invalid_proxy', `proxy is not a URL: ${proxy}`);
  }
  if (!['http:', 'https:', 'socks5:', 'socks5h:'].includes(url.protocol)) {
    throw new TransportConfigError(
      'invalid_proxy',
      `unsupported proxy scheme ${url.protocol} (use http, https, socks5 or socks5h)`,
    );
  }
  return url;
}

/**
 * The one shared undici dispatcher of an engine: keep-alive connections per origin (at most
 * `perHostConcurrency`, in a lean OriginPool rather than undici's Pool), routed directly, through an
 * HTTP(S) proxy (CONNECT) or through SOCKS5, or through a custom connector. Unless
 * `allowPrivateAddresses`, it connects only to public addresses (docs/decisions/096): an origin that
 * names an internal address is refused before it gets a pool (every redirect hop is a new origin), a
 * name is checked on the addresses it resolves to when connecting, a custom connector's peer once
 * connected. The proxy itself may be anywhere.
 */
export function createDispatcher(options: ResolvedTransportOptions): Dispatcher {
  const ca = trustedCas(options);
  const guarded = !options.allowPrivateAddresses;
  const pool = {
    connections: options.perHostConcurrency,
    keepAliveTimeout: options.keepAliveTimeoutMs,
    keepAliveMaxTimeout: options.keepAliveTimeoutMs,
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
    connectTimeout: options.connectTimeoutMs,
    // undici's Agent turns a throw here into the request's error, before any connection exists.
    factory: (origin: string | URL, opts: object) => {
      const refusal = guarded ? refusalForOrigin(origin) : undefined;
      if (refusal) throw refusal;
      return new OriginPool(origin, opts as OriginPoolOptions);
    },
  };
  if (options.connect) {
    return new Agent({ ...pool, connect: guarded ? publicPeerConnector(options.connect) : options.connect });
  }
  // One SecureContext for every connection: passing `ca` per connection would re-parse ~150 root
  // certificates on each TLS handshake.
  const secureContext = ca ? tls.createSecureContext({ ca }) : undefined;
  // A TLS session per host name, held for the dispatcher's life, lets a later connection to a host resume
  // instead of a full handshake (with its certificate verification): the costliest step of a request,
  // and searches revisit hosts (decision 153: undici's own cache lost them at every full GC).
  const secure = {
    ...(secureContext ? { secureContext } : {}),
    sessions: new TlsSessions(TLS_SESSIONS),
    timeoutMs: options.connectTimeoutMs,
  };
  if (!options.proxy) {
    // undici opens the TCP connection (the address checks happen as the socket resolves its host: the
    // address checked is the one dialled); TLS over it resumes the host's session.
    const tcp = buildConnector({ timeout: options.connectTimeoutMs, ...(guarded ? { lookup: publicOnlyLookup } : {}) });
    return new Agent({ ...pool, connect: directConnector(tcp, secure) });
  }
  const proxy = parseProxy(options.proxy);
  if (proxy.protocol === 'http:' || proxy.protocol === 'https:') {
    return new Agent({ ...pool, connect: httpProxyConnector({ ...secure, proxy }) });
  }
  return new Agent({
    ...pool,
    connect: socksConnector({ ...secure, proxy, publicOnly: guarded }),
  });
}
