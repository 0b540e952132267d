import net from 'node:net';
import tls from 'node:tls';
import type { buildConnector } from 'undici';

/** The error a failed DNS lookup gives, so clients classify unknown hosts exactly as in production. */
export function notFoundError(hostname: string): NodeJS.ErrnoException & { hostname: string } {
  const error = new Error(`getaddrinfo ENOTFOUND ${hostname}`) as NodeJS.ErrnoException & { hostname: string };
  error.code = 'ENOTFOUND';
  error.errno = -3008;
  error.syscall = 'getaddrinfo';
  error.hostname = hostname;
  return error;
}

/**
 * An undici connector that dials every host name to the testkit: plain TCP to its main port for http,
 * TLS to its TLS-only port with SNI = the host name and only the testkit CA trusted for https (through
 * a proxy's tunnel, `httpSocket`, when undici gives one). Hosts the testkit does not serve fail like DNS
 * (ENOTFOUND) before any socket is opened.
 */
export function createConnector(
  { port, tlsPort }: { port: number; tlsPort: number },
  caPem: string,
  resolves: (host: string) => boolean,
): buildConnector.connector {
  // One client context for every connection: building it from the PEM costs more than the handshake.
  const trustTestkitOnly = tls.createSecureContext({ ca: caPem });
  return (options, callback) => {
    const hostname = options.hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
    if (!resolves(hostname)) {
      process.nextTick(callback, notFoundError(hostname), null);
      return;
    }
    let settled = false;
    const done = (error: Error | null, socket: net.Socket | null) => {
      if (settled) return;
      settled = true;
      if (error) callback(error, null);
      else callback(null, socket as net.Socket);
    };
    let socket: net.Socket;
    if (options.protocol === 'https:') {
      socket = tls.connect({
        ...(options.httpSocket ? { socket: options.httpSocket } : { host: '127.0.0.1', port: tlsPort }),
        // SNI names the destination: every simulated host shares one address, so the testkit routes
        // direct TLS by SNI. (undici would derive it from an overridden Host header instead.)
        servername: net.isIP(hostname) ? undefined : hostname,
        // Verify the certificate against the host name asked for, not the loopback address dialled.
        checkServerIdentity: (_host, cert) => tls.checkServerIdentity(hostname, cert),
        secureContext: trustTestkitOnly,
        ALPNProtocols: ['http/1.1'],
      });
      socket.once('secureConnect', () => done(null, socket));
    } else {
      socket = options.httpSocket ?? net.connect({ host: '127.0.0.1', port });
      if (options.httpSocket) process.nextTick(() => done(null, socket));
      else socket.once('connect', () => done(null, socket));
    }
    socket.setNoDelay(true);
    socket.once('error', (error) => done(error, null));
  };
}
